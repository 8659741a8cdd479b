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
