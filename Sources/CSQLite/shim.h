// The system SQLite (Debian/Ubuntu: libsqlite3-dev; Apple platforms: the SDK's).
#include <sqlite3.h>
