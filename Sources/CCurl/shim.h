// The system libcurl (Debian: libcurl4-openssl-dev), the one FoundationNetworking already loads on
// Linux. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call, so each use
// gets a typed wrapper here.
#include <curl/curl.h>

static inline CURLcode graft_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode graft_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode graft_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode graft_curl_active_socket(CURL *handle, curl_socket_t *socket) {
    return curl_easy_getinfo(handle, CURLINFO_ACTIVESOCKET, socket);
}

static inline CURLcode graft_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// The shape of CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION and CURLOPT_READFUNCTION.
typedef size_t (*graft_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);

static inline CURLcode graft_curl_setopt_data_callback(CURL *handle, CURLoption option, graft_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// The shape of CURLOPT_SEEKFUNCTION.
typedef int (*graft_curl_seek_callback)(void *context, curl_off_t offset, int origin);

static inline CURLcode graft_curl_setopt_seek_callback(CURL *handle, graft_curl_seek_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
}

static inline CURLcode graft_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode graft_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode graft_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The result of a finished transfer (a member of a union in CURLMsg).
static inline CURLcode graft_curl_message_result(CURLMsg *message) {
    return message->data.result;
}
