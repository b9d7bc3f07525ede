// libcurl, and the 29 libraries it needs (OpenSSL, GnuTLS, Kerberos, LDAP, …), loaded the first
// time URLSession calls it instead of before `main`: loading and relocating them was half of a
// `viper serve` cold start (29.5 million instructions, 14.4 million without; BENCHMARKS.md),
// though most sessions never make an HTTP request.
//
// The static FoundationNetworking calls the 23 libcurl functions below. This file defines each
// as a call through a pointer that the first call fills in, for all of them at once, from
// dlopen("libcurl.so.4") (the name libcurl has had since 2006), and `link/libcurl.so`, an empty
// linker script, stands in for -lcurl so that the executable does not name libcurl at all.
// Where libcurl is loaded anyway (a build with the shared Foundation, whose FoundationNetworking
// links it), dlopen finds it loaded and the calls go to it all the same.
//
// The variadic three (curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt) take exactly one
// argument after the option, a long, a pointer or a curl_off_t, which the x86-64 and AArch64
// calling conventions pass alike, in a general-purpose register: it is read as a pointer and
// handed on as one. The opaque handles are `void *` and the enums `int`, as curl.h declares them
// in C, so that building needs no libcurl headers.
#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#define CURL_FUNCTIONS(X) \
    X(curl_easy_cleanup, void, (void *)) \
    X(curl_easy_getinfo, int, (void *, int, ...)) \
    X(curl_easy_init, void *, (void)) \
    X(curl_easy_pause, int, (void *, int)) \
    X(curl_easy_setopt, int, (void *, int, ...)) \
    X(curl_easy_strerror, const char *, (int)) \
    X(curl_free, void, (void *)) \
    X(curl_global_init, int, (long)) \
    X(curl_multi_add_handle, int, (void *, void *)) \
    X(curl_multi_assign, int, (void *, int, void *)) \
    X(curl_multi_cleanup, int, (void *)) \
    X(curl_multi_info_read, void *, (void *, int *)) \
    X(curl_multi_init, void *, (void)) \
    X(curl_multi_remove_handle, int, (void *, void *)) \
    X(curl_multi_setopt, int, (void *, int, ...)) \
    X(curl_multi_socket_action, int, (void *, int, int, int *)) \
    X(curl_slist_append, void *, (void *, const char *)) \
    X(curl_slist_free_all, void, (void *)) \
    X(curl_url, void *, (void)) \
    X(curl_url_get, int, (const void *, int, char **, unsigned int)) \
    X(curl_url_set, int, (void *, int, const char *, unsigned int)) \
    X(curl_version, char *, (void)) \
    X(curl_version_info, void *, (int))

#define POINTER(name, result, parameters) result(*name) parameters;
static struct { CURL_FUNCTIONS(POINTER) } curl;
static pthread_once_t curlLoaded = PTHREAD_ONCE_INIT;

// Without libcurl there is no URLSession, and FoundationNetworking has no way to be told so: the
// process says what is missing and how to get it, and ends (EX_UNAVAILABLE) rather than crash.
static void fail(const char *what, const char *why) {
    fprintf(stderr,
            "viper: HTTP requests need libcurl, and %s (%s). Install it (Debian and Ubuntu: "
            "apt-get install libcurl4) and try again.\n",
            what, why);
    _exit(69);
}

static void loadCurl(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) fail("libcurl.so.4 could not be loaded", dlerror());
#define FIND(name, result, parameters) \
    if ((curl.name = (result(*) parameters)dlsym(library, #name)) == NULL) \
        fail("the libcurl.so.4 found has no " #name, dlerror());
    CURL_FUNCTIONS(FIND)
}

// Each call checks that libcurl is loaded (once loaded, an atomic read) and calls through.
#define CURL(name) (pthread_once(&curlLoaded, loadCurl), curl.name)

// The one argument after the option, read as a pointer (see the top of the file).
#define LAST_ARGUMENT(after) \
    va_list arguments; \
    va_start(arguments, after); \
    void *value = va_arg(arguments, void *); \
    va_end(arguments)

void curl_easy_cleanup(void *easy) { CURL(curl_easy_cleanup)(easy); }
int curl_easy_getinfo(void *easy, int info, ...) {
    LAST_ARGUMENT(info);
    return CURL(curl_easy_getinfo)(easy, info, value);
}
void *curl_easy_init(void) { return CURL(curl_easy_init)(); }
int curl_easy_pause(void *easy, int bitmask) { return CURL(curl_easy_pause)(easy, bitmask); }
int curl_easy_setopt(void *easy, int option, ...) {
    LAST_ARGUMENT(option);
    return CURL(curl_easy_setopt)(easy, option, value);
}
const char *curl_easy_strerror(int code) { return CURL(curl_easy_strerror)(code); }
void curl_free(void *pointer) { CURL(curl_free)(pointer); }
int curl_global_init(long flags) { return CURL(curl_global_init)(flags); }
int curl_multi_add_handle(void *multi, void *easy) { return CURL(curl_multi_add_handle)(multi, easy); }
int curl_multi_assign(void *multi, int socket, void *pointer) {
    return CURL(curl_multi_assign)(multi, socket, pointer);
}
int curl_multi_cleanup(void *multi) { return CURL(curl_multi_cleanup)(multi); }
void *curl_multi_info_read(void *multi, int *waiting) { return CURL(curl_multi_info_read)(multi, waiting); }
void *curl_multi_init(void) { return CURL(curl_multi_init)(); }
int curl_multi_remove_handle(void *multi, void *easy) { return CURL(curl_multi_remove_handle)(multi, easy); }
int curl_multi_setopt(void *multi, int option, ...) {
    LAST_ARGUMENT(option);
    return CURL(curl_multi_setopt)(multi, option, value);
}
int curl_multi_socket_action(void *multi, int socket, int events, int *running) {
    return CURL(curl_multi_socket_action)(multi, socket, events, running);
}
void *curl_slist_append(void *list, const char *text) { return CURL(curl_slist_append)(list, text); }
void curl_slist_free_all(void *list) { CURL(curl_slist_free_all)(list); }
void *curl_url(void) { return CURL(curl_url)(); }
int curl_url_get(const void *url, int part, char **text, unsigned int flags) {
    return CURL(curl_url_get)(url, part, text, flags);
}
int curl_url_set(void *url, int part, const char *text, unsigned int flags) {
    return CURL(curl_url_set)(url, part, text, flags);
}
char *curl_version(void) { return CURL(curl_version)(); }
void *curl_version_info(int age) { return CURL(curl_version_info)(age); }

#endif
