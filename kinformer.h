/* kinformer.h v0.1.0 - a Kubernetes informer in one C header, memory fixed at init

OVERVIEW
========
    kinformer keeps a local, always-current copy of Kubernetes objects and tells
    your handlers when they change, without polling the API server. It does what
    client-go's shared informer does -- LIST (paginated), then WATCH from that
    resourceVersion, relist on 410 Gone, back off with jitter, a per-key queue of
    changes (DeltaFIFO), an indexed store with a lister -- in one header, with no
    malloc: all memory is handed over by the caller at init and never exceeded.

    Do this:
        #define KINFORMER_IMPLEMENTATION
    before you include this file in *one* C or C++ file to create the
    implementation. Other files include it without the define.

    Dependencies: jsmn (Debian libjsmn-dev, header only) in the implementation;
    for https://, BearSSL (Debian libbearssl-dev): define KINF_TLS_BEARSSL and
    link -lbearssl. Without it an https:// server fails at kinf_init with
    KINF_LOGITEM_TLS_UNAVAILABLE. Credentials: a bearer token (literal or a
    file re-read as it rotates) or a client certificate; configuration from
    code, a kubeconfig or the in-cluster service account (kinf_config_*).

TL;DR EXAMPLE
=============
    #define KINFORMER_IMPLEMENTATION
    #include "kinformer.h"
    #include <stdio.h>

    static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
        (void)inf; (void)u; printf("ADDED %s %s\n", o->key, o->resource_version);
    }
    static void on_update(kinf_informer_t* inf, const kinf_object_t* old,
                          const kinf_object_t* o, void* u) {
        (void)inf; (void)old; (void)u; printf("MODIFIED %s %s\n", o->key, o->resource_version);
    }
    static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int unknown, void* u) {
        (void)inf; (void)u; printf("DELETED%s %s\n", unknown ? "!" : "", o->key);
    }
    // too large for max_event_bytes: its identity only, never as a whole object
    static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
        (void)inf; (void)old; (void)u; printf("OVERSIZED %s %s\n", o->key, o->resource_version);
    }
    static unsigned char mem[4 << 20];

    int main(void) {
        const char* keep[] = { "metadata.labels", "spec.nodeName", "status.phase" };
        kinf_desc_t desc = { 0 };
        desc.server = "http://127.0.0.1:8080";
        desc.resource = "pods";
        desc.keep = keep; desc.keep_count = 3;
        desc.max_objects = 2000; desc.store_bytes = 1 << 20;
        kinf_informer_t* inf = kinf_init(mem, sizeof(mem), &desc);
        if (!inf) { return 1; }              // mem too small or bad config
        kinf_handler_t h = { on_add, on_update, on_delete, 0, on_oversized };
        kinf_add_handler(inf, &h);
        return kinf_run(inf) == KINF_OK ? 0 : 1;   // until kinf_stop()
    }

API
===
    Set-up (all memory is the caller's; there is nothing to release but the
    socket, which kinf_shutdown closes):
        size_t kinf_informer_size(const kinf_desc_t* desc)   bytes kinf_init needs
        kinf_informer_t* kinf_init(void* mem, size_t size, const kinf_desc_t* desc)
        int  kinf_add_handler(kinf_informer_t*, const kinf_handler_t*)
        int  kinf_add_index(kinf_informer_t*, const char* name, kinf_index_fn fn, void* user)
        void kinf_shutdown(kinf_informer_t*)

    Drivers (callbacks fire only from inside these, on the caller's thread):
        int  kinf_run(kinf_informer_t*)                  blocks until kinf_stop
        int  kinf_poll(kinf_informer_t*, int timeout_ms) one step of a main loop
        void kinf_stop(kinf_informer_t*)                 async-signal-safe, final
        int  kinf_stopped(kinf_informer_t*)
        int  kinf_flush(kinf_informer_t*)                deliver what is queued, no I/O
        int  kinf_fd(kinf_informer_t*)        \  for your own epoll/select loop:
        unsigned kinf_wants(kinf_informer_t*)  > wait for these, then call
        int  kinf_timeout_ms(kinf_informer_t*)/   kinf_poll(inf, 0)

    The engine, for a transport of your own (kinf_poll's driver is one; see
    "The engine" below and docs/architecture.md, examples/own_transport.c):
        unsigned kinf_engine_tick(kinf_informer_t*, uint64_t now_ms)   state bits
        kinf_engine_state, kinf_engine_deadline, kinf_engine_server
        kinf_engine_connected / _sendbuf, _sent / _recvbuf, _recvd / _closed /
        kinf_engine_failed / _set_token (kinf_refresh_token_file) / _dispatch

    State and the lister (answers from memory; the object views stay valid
    until the next driver call):
        int  kinf_has_synced(kinf_informer_t*)
        int  kinf_count(kinf_informer_t*)
        int  kinf_get(kinf_informer_t*, const char* key, kinf_object_t* out)
        int  kinf_next(kinf_informer_t*, kinf_iter_t* it, kinf_object_t* out)
        int  kinf_index_next(kinf_informer_t*, int index, const char* value,
                             kinf_iter_t* it, kinf_object_t* out)
        int  kinf_lookup(kinf_informer_t*, kinf_handle_t h, kinf_object_t* out)
        int  kinf_field(const kinf_object_t*, const char* path, kinf_value_t* out)
        size_t kinf_field_str(const kinf_object_t*, const char* path, char* buf, size_t cap)
        kinf_stats_t kinf_stats(kinf_informer_t*)
        int  kinf_config_kubeconfig(kinf_config_t*, path, context, work, size)
        int  kinf_config_in_cluster(kinf_config_t*, sa_dir, work, size)
        int  kinf_config_default(kinf_config_t*, work, size)
        void kinf_config_apply(const kinf_config_t*, kinf_desc_t*)
        const char* kinf_resource_version(kinf_informer_t*)
        uint32_t kinf_last_error(kinf_informer_t*) / void kinf_clear_error(...)
        const char* kinf_log_item_name(uint32_t id)
        int  kinf_log_item_is_final(uint32_t id)    1: retrying cannot fix it (400, 404)

    Keys are "namespace/name", or "name" for cluster-scoped objects.
    Paths are dot separated keys ("status.phase"); a backslash escapes the next
    character ("metadata.labels.app\.kubernetes\.io/name"), and a segment of
    digits indexes an array ("spec.containers.0.image").

CONFIGURATION MACROS
====================
    KINFORMER_IMPLEMENTATION  compile the implementation into this file
    KINFORMER_STATIC          make every function static (several copies per program)
    KINF_API                  override the linkage of public functions
    KINF_NO_LOG_STRINGS       compile the log messages out (ids stay); saves flash
    KINF_TLS_BEARSSL          https:// through BearSSL (link -lbearssl)
    KINF_TLS_MAX_CAS 16, KINF_TLS_ANCHOR_BYTES 16384, KINF_TLS_MAX_CHAIN 4,
    KINF_TLS_CHAIN_BYTES 8192   caps of the CA bundle and client chain
    KINF_ASSERT(c)            override assert()
    KINF_SELFCHECK            check the store's invariants after every change (tests)
    KINF_NO_SIMD              no SSE2 for the runs of plain bytes in strings (x86-64 has
                              it; elsewhere eight bytes at a time, or one)
    KINF_ENGINE_ONLY          the engine alone, freestanding (a microcontroller): no POSIX
                              header, socket, file or clock. kinf_poll, kinf_run, kinf_fd,
                              kinf_wants, kinf_timeout_ms, kinf_refresh_token_file and the
                              kinf_config_* loaders (kinf_config_apply stays) are left out,
                              and TLS with them: drive it with the kinf_engine_* calls, and
                              give desc.random_seed. It calls the C string functions and
                              assert only (docs/porting.md: Cortex-M sizes).
    A build that optimises for size (-Os, which defines __OPTIMIZE_SIZE__)
    leaves out the scanner's one-step path for member-level strings (about
    650 bytes); the byte state machine does the same work.
    The implementation uses POSIX (sockets, poll, clock_gettime, getaddrinfo;
    posix_madvise for desc.prefault_store on Linux), except under KINF_ENGINE_ONLY.
    Under a strict -std=c99 it defines _POSIX_C_SOURCE itself when it is the
    first include of the file; otherwise compile that file with
    -D_POSIX_C_SOURCE=200809L (or -std=gnu99).
    Compile-time caps of private arrays (reported by kinf_stats().caps):
    KINF_MAX_HEAD_BYTES   8192  HTTP response head
    KINF_MAX_HEADERS        48  header lines in a response head
    KINF_MAX_DEPTH         128  JSON nesting depth
    KINF_MAX_RULES          32  keep + drop projection paths
    KINF_MAX_CONTINUE     4096  bytes of a list continue token
    KINF_MAX_TOKEN        8192  bytes of a bearer token
    KINF_READ_BYTES      16384  socket read buffer, when desc.read_bytes is 0

MEMORY
======
    kinf_informer_size(&desc) returns exactly what kinf_init needs; it is
        KINF_FIXED_BYTES (the context, its I/O and header buffers)
      + read_bytes - KINF_READ_BYTES (the socket read buffer, if not the default)
      + max_objects   * (16 (a slot) + 8 + max_indexes * 12 (index links))
      + key hash buckets: 4 bytes * (1.25 * max_objects + 1) (at least 16 buckets)
      + index buckets: (1 + max_indexes) * 4 bytes * the power of two >= max_objects / 4
      + max_tokens * KINF_TOKEN_BYTES + max_event_bytes + store_bytes
      + handlers and index definitions (a few dozen bytes each)
    + for an https:// server in a KINF_TLS_BEARSSL build (and not
      desc.own_transport), the TLS block: BearSSL
      contexts, record buffers, anchors, client chain (78,376 bytes on x86_64;
      at most KINF_TLS_BYTES, 96 KiB), whatever the number of objects
    KINF_INFORMER_BYTES(max_objects, store_bytes, max_event_bytes, max_tokens,
    max_handlers, max_indexes) is an upper bound of the same, for static buffers;
    give it the desc values (read as kinf_init reads them: 0 is the default,
    a negative max_indexes none), and the same KINF_READ_BYTES as the implementation's file (it sizes
    KINF_FIXED_BYTES; a smaller buffer is refused by kinf_init); with a
    desc.read_bytes above KINF_READ_BYTES, add the difference.
    store_bytes holds the objects as compact projected JSON plus their key,
    namespace, uid and resourceVersion and a 16-byte header, rounded to 4 bytes;
    while a change waits in the FIFO, both the old and the new version are kept.
    See docs/memory.md for a worked budget.
    In a 32-bit build the capacities can add up to more than size_t counts
    (store_bytes and max_event_bytes near their caps): kinf_informer_size
    then returns SIZE_MAX, KINF_INFORMER_BYTES wraps to a small number, and
    kinf_init refuses the desc whatever the buffer (MEMORY_OVERFLOW).
    The store is written from its start upwards; its pages cost RSS only once
    written. desc.prefault_store = 1 asks Linux (5.14 and later) to fault them
    in a batch at a time just ahead of the store's top (MADV_POPULATE_WRITE),
    up to 1/256 of the bytes in use, at least 64 KiB and at most 1 MiB ahead,
    instead of taking one page fault per page: a large list syncs faster, and
    RSS is that much above the store's top at most. Other systems, and a
    kernel that refuses it, ignore it.

ERRORS AND LOGGING
==================
    Functions return KINF_OK (0) or a negative kinf_result_t: KINF_ERR_NOMEM
    (a capacity is exceeded), KINF_ERR_INVAL (malformed input or arguments),
    KINF_ERR_IO (a file could not be read), KINF_ERR_STATE (not allowed now);
    KINF_ERR_PARTIAL is reserved and not returned. What happened in
    detail is a log item: KINF_LOGITEM_* ids made from one X-macro with their
    messages. The last error item is sticky (kinf_last_error) until
    kinf_clear_error. Install a logger in desc.logger to see every item; tokens
    and credentials never appear in a message. See docs/errors.md.

THREADING
=========
    One informer belongs to one thread. Several informers can share a thread and
    a loop. Callbacks run only inside kinf_run / kinf_poll / kinf_engine_dispatch
    / kinf_flush / kinf_add_handler on the calling thread; they must not call
    kinf_poll, kinf_run or the kinf_engine_* calls themselves.
    kinf_stop may be called from a callback or a signal handler.

LICENSE
=======
    MIT License, Copyright (c) 2026 the kinformer authors. See LICENSE.
*/
#if defined(KINFORMER_IMPLEMENTATION) && !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _POSIX_C_SOURCE 200809L /* getaddrinfo, clock_gettime, poll: when this is the first include */
#endif
#ifndef KINFORMER_H_INCLUDED
#define KINFORMER_H_INCLUDED
#include <stddef.h>
#include <stdint.h>

#define KINF_VERSION_MAJOR 0
#define KINF_VERSION_MINOR 1
#define KINF_VERSION_PATCH 0

#ifndef KINF_API
#ifdef KINFORMER_STATIC
#if defined(__GNUC__)
#define KINF_API static __attribute__((unused)) /* a program uses some of the API: no warning for the rest */
#else
#define KINF_API static
#endif
#else
#define KINF_API extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum kinf_result_t {
    KINF_OK = 0,
    KINF_ERR_PARTIAL = -1, /* reserved; no call returns it (the engine says it wants bytes by KINF_ENG_RECV) */
    KINF_ERR_NOMEM = -2,   /* a capacity is exceeded */
    KINF_ERR_INVAL = -3,   /* malformed input or bad argument */
    KINF_ERR_IO = -4,      /* a file could not be read (kinf_refresh_token_file) */
    KINF_ERR_STATE = -5    /* not allowed now (e.g. add_index after start) */
} kinf_result_t;

/* Log items: one X-macro makes the ids and their messages. */
#define KINF_LOG_ITEMS \
    KINF_LOGITEM_XMACRO(OK, "no error") \
    KINF_LOGITEM_XMACRO(CONFIG_NO_SERVER, "desc.server is not set") \
    KINF_LOGITEM_XMACRO(CONFIG_BAD_URL, "server URL is not http://host[:port][/prefix] or https://...") \
    KINF_LOGITEM_XMACRO(CONFIG_NO_RESOURCE, "desc.resource is not set") \
    KINF_LOGITEM_XMACRO(CONFIG_BAD_RESOURCE, "desc.resource is not a plural (\"pods\") or an API path (\"/apis/apps/v1/deployments\")") \
    KINF_LOGITEM_XMACRO(CONFIG_TOO_LONG, "a configured string is longer than its compile-time cap") \
    KINF_LOGITEM_XMACRO(CONFIG_CLAMPED, "a capacity was out of range and was clamped") \
    KINF_LOGITEM_XMACRO(CONFIG_BAD_PATH, "a keep/drop path is empty or has too many segments") \
    KINF_LOGITEM_XMACRO(CONFIG_TOO_MANY_RULES, "more keep + drop paths than KINF_MAX_RULES") \
    KINF_LOGITEM_XMACRO(MEMORY_TOO_SMALL, "the memory given to kinf_init is smaller than kinf_informer_size()") \
    KINF_LOGITEM_XMACRO(HANDLERS_FULL, "desc.max_handlers handlers are already registered") \
    KINF_LOGITEM_XMACRO(INDEXES_FULL, "desc.max_indexes indexes are already registered") \
    KINF_LOGITEM_XMACRO(INDEX_AFTER_START, "indexes must be added before the first kinf_poll/kinf_run") \
    KINF_LOGITEM_XMACRO(TLS_UNAVAILABLE, "https:// needs TLS: build with -DKINF_TLS_BEARSSL and -lbearssl") \
    KINF_LOGITEM_XMACRO(TLS_NO_CA, "https:// needs a CA (ca_file/ca_data) or insecure_skip_tls_verify") \
    KINF_LOGITEM_XMACRO(TLS_BAD_CA, "the CA bundle holds no usable PEM certificate") \
    KINF_LOGITEM_XMACRO(TLS_BAD_CLIENT_CERT, "the client certificate is not a usable PEM certificate chain") \
    KINF_LOGITEM_XMACRO(TLS_BAD_CLIENT_KEY, "the client key is not a PEM RSA or EC key (PKCS#1, PKCS#8, SEC1)") \
    KINF_LOGITEM_XMACRO(TLS_TOO_LARGE, "CA bundle, client chain or key exceeds its KINF_TLS_* cap") \
    KINF_LOGITEM_XMACRO(TLS_INSECURE, "insecure-skip-tls-verify: the server certificate is NOT verified") \
    KINF_LOGITEM_XMACRO(TLS_UNTRUSTED, "TLS: the server certificate is not signed by a trusted CA") \
    KINF_LOGITEM_XMACRO(TLS_BAD_NAME, "TLS: the server certificate does not match the host name or IP") \
    KINF_LOGITEM_XMACRO(TLS_EXPIRED, "TLS: the server certificate is expired or not yet valid") \
    KINF_LOGITEM_XMACRO(TLS_PLAINTEXT_SERVER, "TLS: the server answered in plain HTTP on an https:// URL") \
    KINF_LOGITEM_XMACRO(TLS_CLIENT_CERT_REJECTED, "TLS: the server rejected the client certificate (or wants one)") \
    KINF_LOGITEM_XMACRO(TLS_HANDSHAKE_FAILED, "TLS handshake or record error (BearSSL error number follows)") \
    KINF_LOGITEM_XMACRO(RESOLVE_FAILED, "cannot resolve the server host name") \
    KINF_LOGITEM_XMACRO(CONNECT_FAILED, "cannot connect to the server") \
    KINF_LOGITEM_XMACRO(CONNECT_TIMEOUT, "connecting to the server timed out") \
    KINF_LOGITEM_XMACRO(CONNECTION_CLOSED, "the server closed the connection mid-response") \
    KINF_LOGITEM_XMACRO(IO_ERROR, "socket read or write failed") \
    KINF_LOGITEM_XMACRO(IDLE_TIMEOUT, "no bytes from the server within the idle timeout; reconnecting") \
    KINF_LOGITEM_XMACRO(HTTP_HEAD_TOO_LARGE, "HTTP response head exceeds KINF_MAX_HEAD_BYTES") \
    KINF_LOGITEM_XMACRO(HTTP_TOO_MANY_HEADERS, "HTTP response has more than KINF_MAX_HEADERS headers") \
    KINF_LOGITEM_XMACRO(HTTP_MALFORMED, "malformed HTTP response head") \
    KINF_LOGITEM_XMACRO(HTTP_BAD_CHUNK, "malformed or oversized chunk in a chunked body") \
    KINF_LOGITEM_XMACRO(HTTP_UNSUPPORTED_ENCODING, "the response uses a transfer or content encoding we do not accept") \
    KINF_LOGITEM_XMACRO(HTTP_STATUS, "unexpected HTTP status") \
    KINF_LOGITEM_XMACRO(UNAUTHORIZED, "401 Unauthorized: the token was refused") \
    KINF_LOGITEM_XMACRO(FORBIDDEN, "403 Forbidden: RBAC does not allow list/watch") \
    KINF_LOGITEM_XMACRO(NOT_FOUND, "404 Not Found: no such resource path") \
    KINF_LOGITEM_XMACRO(TOO_MANY_REQUESTS, "429 Too Many Requests: waiting as Retry-After says") \
    KINF_LOGITEM_XMACRO(SERVER_ERROR, "5xx from the server: backing off") \
    KINF_LOGITEM_XMACRO(RV_EXPIRED, "410 Gone/Expired: resourceVersion too old, relisting") \
    KINF_LOGITEM_XMACRO(RV_TOO_LARGE, "too large resource version: relisting") \
    KINF_LOGITEM_XMACRO(CONTINUE_EXPIRED, "list continue token expired: restarting the list") \
    KINF_LOGITEM_XMACRO(LIST_MALFORMED, "malformed LIST response") \
    KINF_LOGITEM_XMACRO(EVENT_MALFORMED, "malformed watch event; reconnecting") \
    KINF_LOGITEM_XMACRO(EVENT_UNKNOWN_TYPE, "watch event of unknown type: skipped") \
    KINF_LOGITEM_XMACRO(WATCH_ERROR_EVENT, "ERROR event in the watch stream") \
    KINF_LOGITEM_XMACRO(WATCH_SHORT, "watch ended within a second with no event: backing off") \
    KINF_LOGITEM_XMACRO(JSON_TOO_DEEP, "JSON nesting exceeds KINF_MAX_DEPTH") \
    KINF_LOGITEM_XMACRO(OBJECT_TOO_LARGE, "object exceeds max_event_bytes or max_tokens: kept as identity only") \
    KINF_LOGITEM_XMACRO(OBJECT_NO_NAME, "object without metadata.name or resourceVersion, or with one too long") \
    KINF_LOGITEM_XMACRO(STORE_FULL, "store_bytes exhausted: object kept as identity only") \
    KINF_LOGITEM_XMACRO(STORE_SLOTS_FULL, "max_objects reached: object not cached") \
    KINF_LOGITEM_XMACRO(TOKEN_FILE_UNREADABLE, "cannot read the token file; keeping the last token") \
    KINF_LOGITEM_XMACRO(TOKEN_TOO_LONG, "bearer token longer than KINF_MAX_TOKEN") \
    KINF_LOGITEM_XMACRO(TOKEN_INVALID, "bearer token with spaces or control characters: refused") \
    KINF_LOGITEM_XMACRO(LIST_START, "listing") \
    KINF_LOGITEM_XMACRO(LIST_DONE, "list complete") \
    KINF_LOGITEM_XMACRO(WATCH_START, "watching") \
    KINF_LOGITEM_XMACRO(WATCH_END, "watch ended by the server; re-watching") \
    KINF_LOGITEM_XMACRO(BACKOFF, "backing off before the next request") \
    KINF_LOGITEM_XMACRO(SYNCED, "initial list delivered: has synced") \
    KINF_LOGITEM_XMACRO(CONFIG_FILE_UNREADABLE, "cannot read a configuration file") \
    KINF_LOGITEM_XMACRO(CONFIG_FILE_TOO_LARGE, "configuration file larger than the work buffer") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_NOT_FOUND, "no kubeconfig: $KUBECONFIG and ~/.kube/config are absent") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_YAML, "kubeconfig is not YAML this reader understands") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_NO_CONTEXT, "kubeconfig: no such context (or no current-context)") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_NO_CLUSTER, "kubeconfig: the context's cluster is missing or has no server") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_NO_USER, "kubeconfig: the context's user is missing") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_UNSUPPORTED, "kubeconfig: field not supported (exec, auth-provider, username/password)") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_BAD_BASE64, "kubeconfig: a *-data field is not valid base64") \
    KINF_LOGITEM_XMACRO(INCLUSTER_NOT_FOUND, "not in a cluster: KUBERNETES_SERVICE_HOST/PORT are not set") \
    KINF_LOGITEM_XMACRO(INCLUSTER_UNREADABLE, "in-cluster: cannot read the service account token or CA") \
    KINF_LOGITEM_XMACRO(OWN_TRANSPORT, "desc.own_transport is set: drive the engine with kinf_engine_*, not kinf_poll/kinf_run") \
    KINF_LOGITEM_XMACRO(BAD_REQUEST, "400 Bad Request: the server refused the request (a selector, or a namespace it does not take)") \
    KINF_LOGITEM_XMACRO(MEMORY_OVERFLOW, "the capacities add up to more bytes than size_t counts (a 32-bit build): lower store_bytes, max_event_bytes or max_objects") \
    KINF_LOGITEM_XMACRO(TLS_NO_CLOCK, "TLS: no wall-clock time to check the certificate dates against")

#define KINF_LOGITEM_XMACRO(item, msg) KINF_LOGITEM_##item,
typedef enum kinf_log_item_t { KINF_LOG_ITEMS KINF_LOGITEM_COUNT } kinf_log_item_t;
#undef KINF_LOGITEM_XMACRO

enum { KINF_LOG_PANIC = 0, KINF_LOG_ERROR = 1, KINF_LOG_WARN = 2, KINF_LOG_INFO = 3 };

/* A logger, as sokol has it. message is the item's text plus a detail (never a
   credential); under KINF_NO_LOG_STRINGS the detail alone, and file is NULL. */
typedef struct kinf_logger_t {
    void (*func)(const char* tag, uint32_t level, uint32_t item, const char* message,
                 uint32_t line, const char* file, void* user);
    void* user;
} kinf_logger_t;

typedef struct kinf_informer_t kinf_informer_t; /* opaque, lives in caller memory */

/* A generation-counted handle: a stale one looks up as nothing. */
typedef struct kinf_handle_t { uint32_t id; } kinf_handle_t;

enum { KINF_OBJ_IDENTITY_ONLY = 1 }; /* body not kept (too large / store full) */

/* A view of one cached object. Owned by the informer; valid inside the
   callback that received it, or until the next driver call for lister results. */
typedef struct kinf_object_t {
    const char* key;              /* "namespace/name" or "name" */
    const char* name;
    const char* namespace_;       /* "" for cluster-scoped */
    const char* uid;
    const char* resource_version;
    const char* json;             /* compact projected JSON, NUL-terminated */
    size_t json_len;
    uint32_t flags;               /* KINF_OBJ_* */
    kinf_handle_t handle;
} kinf_object_t;

typedef struct kinf_handler_t {
    void (*on_add)(kinf_informer_t* inf, const kinf_object_t* obj, void* user);
    void (*on_update)(kinf_informer_t* inf, const kinf_object_t* old_obj,
                      const kinf_object_t* new_obj, void* user);
    void (*on_delete)(kinf_informer_t* inf, const kinf_object_t* obj,
                      int final_state_unknown, void* user);
    void* user;
    /* An object that did not fit (larger than max_event_bytes after projection,
       or the store full): obj holds its identity only (KINF_OBJ_IDENTITY_ONLY:
       key, name, namespace, uid, resourceVersion; json has no data), so it is
       never handed to on_add or on_update as if it were whole. It comes here
       instead: old_obj is the version the handlers had (NULL when they had
       none, where on_add would have been called). With no on_oversized the
       change is not delivered at all; it is counted (kinf_stats: oversized,
       store_full) and logged either way, and the lister returns the object
       with the flag. The next version that fits comes to on_update with this
       one as old_obj; a delete comes to on_delete as usual. */
    void (*on_oversized)(kinf_informer_t* inf, const kinf_object_t* old_obj,
                         const kinf_object_t* obj, void* user);
} kinf_handler_t;

/* An index function writes the object's index value (NUL-terminated, at most
   cap-1 bytes) into buf and returns 1, or returns 0 if the object has none. */
typedef int (*kinf_index_fn)(const kinf_object_t* obj, char* buf, size_t cap, void* user);

enum { KINF_INDEX_NAMESPACE = 0 }; /* built-in; kinf_add_index returns 1, 2, ... */

typedef struct kinf_iter_t { uint32_t pos; int32_t next; } kinf_iter_t;

typedef enum kinf_vtype_t {
    KINF_VNONE = 0, KINF_VOBJECT, KINF_VARRAY, KINF_VSTRING, KINF_VNUMBER, KINF_VBOOL, KINF_VNULL
} kinf_vtype_t;

/* A raw JSON value inside an object view: for strings, ptr/len exclude the
   quotes and escapes are left as they are. */
typedef struct kinf_value_t { kinf_vtype_t type; const char* ptr; size_t len; } kinf_value_t;

typedef struct kinf_desc_t {
    const char* server;          /* "http://host:port", IPv6 as "http://[::1]:8080" */
    const char* resource;        /* "pods", "/api/v1/pods", "/apis/apps/v1/deployments" */
    const char* namespace_;      /* NULL or "" = all namespaces */
    const char* label_selector;
    const char* field_selector;
    const char* token;           /* bearer token, copied at init */
    const char* token_file;      /* re-read at least every 60 s and after a 401 */
    const char* const* keep;     /* projection: JSON paths to keep (the identity is in the object's fields) */
    int keep_count;
    const char* const* drop;     /* paths to drop; default { "metadata.managedFields" } */
    int drop_count;
    int no_default_drop;         /* 1: keep managedFields unless dropped explicitly */
    /* capacities; 0 means the default */
    int max_objects;             /* default 1024 */
    size_t store_bytes;          /* default 1 MiB */
    size_t max_event_bytes;      /* largest watch event / list item; default 64 KiB */
    int max_tokens;              /* jsmn tokens for a Status (error) object; default 256 */
    int fifo_capacity;           /* stop reading the socket at this many queued keys; default max_objects */
    int max_handlers;            /* default 4 */
    int max_indexes;             /* custom indexes besides namespace; default 2, negative: none */
    int dispatch_budget;         /* deltas delivered per poll; 0 = all queued */
    int prefault_store;          /* 1: fault the store's pages in batches ahead of its top (Linux; see MEMORY) */
    size_t read_bytes;           /* socket read buffer; default KINF_READ_BYTES (16 KiB); 256 B to 64 MiB */
    /* behaviour */
    int list_limit;              /* page size; default 500 */
    int resync_period_ms;        /* 0 = no resync */
    int idle_timeout_ms;         /* default 90000 */
    int connect_timeout_ms;      /* default 10000 */
    int watch_timeout_s;         /* timeoutSeconds; 0 = random in [300, 600) like client-go */
    uint32_t random_seed;        /* 0 = from the clock */
    kinf_logger_t logger;
    const char* tag;             /* passed to the logger; default "kinformer" */
    /* TLS, for https:// servers (build with KINF_TLS_BEARSSL). Files are read
       and data parsed inside kinf_init only; nothing needs to outlive it. */
    const char* ca_file;         /* PEM bundle of CAs to trust */
    const void* ca_data;         /* ... or the PEM bytes themselves */
    size_t ca_len;
    const char* client_cert_file; /* PEM chain for client certificate auth */
    const void* client_cert_data;
    size_t client_cert_len;
    const char* client_key_file;  /* PEM key: RSA or EC, PKCS#1, PKCS#8 or SEC1 */
    const void* client_key_data;
    size_t client_key_len;
    const char* tls_server_name;  /* name to check (and send as SNI) instead of the URL's host */
    int insecure_skip_tls_verify; /* 1: do not verify the server (a warning on every connect) */
    /* The time certificate dates are checked against, for a system without a
       trusted wall clock (no RTC, no NTP yet): Unix seconds (UTC), or 0 when
       not known yet (the connection fails with TLS_NO_CLOCK and is retried
       after a backoff). Called before each handshake. NULL: the system clock
       (CLOCK_REALTIME, 64-bit where time_t is; see docs/porting.md). */
    int64_t (*tls_time)(void* user);
    void* tls_time_user;
    int own_transport;           /* 1: a transport of the caller's drives the engine (kinf_engine_*), TLS
                                    for https:// included; no TLS block is set up and kinf_poll refuses */
} kinf_desc_t;

/* Cluster configuration from a kubeconfig or the in-cluster service account.
   The strings live in cfg; the *_data pointers point into the caller's work
   buffer, which must outlive kinf_init. kinf_config_apply copies the
   connection settings into a descriptor without overriding fields the caller
   set already. namespace_ is not applied (a NULL desc.namespace_ means all
   namespaces): set desc.namespace_ = cfg.namespace_ to watch only it. */
typedef struct kinf_config_t {
    char server[512];
    char namespace_[256];
    char token_file[512];
    char ca_file[512];
    char client_cert_file[512];
    char client_key_file[512];
    char tls_server_name[256];
    const char* token;            /* literal token, in the work buffer */
    const void* ca_data; size_t ca_len;
    const void* client_cert_data; size_t client_cert_len;
    const void* client_key_data; size_t client_key_len;
    int insecure_skip_tls_verify;
    char source[16];              /* "kubeconfig" or "in-cluster" */
    char context[256];            /* the context used */
    uint32_t error;               /* KINF_LOGITEM_* when a load failed */
    char error_detail[256];       /* the file, field or line it is about */
} kinf_config_t;

typedef struct kinf_stats_t {
    uint64_t events, added, modified, deleted, bookmarks, errors_in_stream;
    uint64_t lists, list_pages, list_items, relists, watches, reconnects, backoffs;
    uint64_t bytes_read, bytes_written, errors, malformed, oversized, store_full, dropped;
    uint64_t delivered_adds, delivered_updates, delivered_deletes, resyncs;
    uint64_t delivered_oversized;                    /* changes that went to on_oversized */
    uint32_t objects, max_objects, fifo_len, fifo_capacity;
    size_t store_used, store_capacity, store_peak;   /* bytes of object data */
    size_t mem_used, mem_capacity;                   /* whole informer memory */
    struct { uint32_t head_bytes, headers, depth, rules, continue_bytes, token_bytes, read_bytes; } caps;
} kinf_stats_t;

/* Memory-size constants, for KINF_INFORMER_BYTES. Checked by the implementation. */
#ifndef KINF_READ_BYTES
#define KINF_READ_BYTES 16384
#endif
#define KINF_FIXED_BYTES (80u * 1024u + KINF_READ_BYTES) /* 96 KiB with the default read buffer */
#define KINF_SLOT_BYTES 32u
#define KINF_INDEX_SLOT_BYTES 12u
#define KINF_TOKEN_BYTES 20u
#define KINF_HANDLER_BYTES 64u
#define KINF_TLS_BYTES (96u * 1024u) /* added for an https:// server in a KINF_TLS_BEARSSL build */
/* The defaults a 0 in kinf_desc_t (and in KINF_INFORMER_BYTES) stands for. */
#define KINF_DEFAULT_MAX_OBJECTS 1024
#define KINF_DEFAULT_STORE_BYTES (1u << 20)
#define KINF_DEFAULT_EVENT_BYTES (64u * 1024u)
#define KINF_DEFAULT_TOKENS 256
#define KINF_DEFAULT_HANDLERS 4
#define KINF_DEFAULT_INDEXES 2
/* A capacity as kinf_init reads it: 0 or less is the default, and a value
   under the floor is the floor (max_event_bytes 4096, max_tokens 64). */
#define KINF_CAPACITY(v, def, floor) ((v) <= 0 ? (size_t)(def) : (size_t)(v) < (size_t)(floor) ? (size_t)(floor) : (size_t)(v))
/* max_indexes as kinf_init reads it: 0 the default (2), negative none */
#define KINF_INDEXES(n) ((n) == 0 ? (size_t)KINF_DEFAULT_INDEXES : (n) < 0 ? (size_t)0 : (size_t)(n))
/* An upper bound of kinf_informer_size() for these desc values, read as
   kinf_init reads them (0 is the default), for static buffers. */
#define KINF_INFORMER_BYTES(max_objects, store_bytes, max_event_bytes, max_tokens, max_handlers, max_indexes) \
    (KINF_FIXED_BYTES \
     + KINF_CAPACITY(max_objects, KINF_DEFAULT_MAX_OBJECTS, 1) * (KINF_SLOT_BYTES + (1u + KINF_INDEXES(max_indexes)) * KINF_INDEX_SLOT_BYTES) \
     + (2u + KINF_INDEXES(max_indexes)) * 4u * (4u * KINF_CAPACITY(max_objects, KINF_DEFAULT_MAX_OBJECTS, 1) + 4u) \
     + KINF_CAPACITY(max_tokens, KINF_DEFAULT_TOKENS, 64) * KINF_TOKEN_BYTES \
     + KINF_CAPACITY(max_event_bytes, KINF_DEFAULT_EVENT_BYTES, 4096) + KINF_CAPACITY(store_bytes, KINF_DEFAULT_STORE_BYTES, 1) \
     + (KINF_CAPACITY(max_handlers, KINF_DEFAULT_HANDLERS, 1) + KINF_INDEXES(max_indexes)) * KINF_HANDLER_BYTES + 64u)

/* Bytes kinf_init needs for desc (defaults applied). Never blocks. SIZE_MAX
   when they do not fit in size_t (capacities that add up to 4 GiB or more in
   a 32-bit build): kinf_init refuses that desc (MEMORY_OVERFLOW). */
KINF_API size_t kinf_informer_size(const kinf_desc_t* desc);
/* Lays the informer out in mem (which must stay valid, unmoved, for the life of
   the informer). Copies every string of desc. Returns NULL if size is too small
   or desc is invalid (the reason goes to desc->logger). Does no I/O. */
KINF_API kinf_informer_t* kinf_init(void* mem, size_t size, const kinf_desc_t* desc);
/* Registers a handler (copied). After start, the new handler at once gets
   on_add for every cached object. Returns its index, or KINF_ERR_NOMEM. */
KINF_API int kinf_add_handler(kinf_informer_t* inf, const kinf_handler_t* handler);
/* Registers an index before the first driver call; name is copied (<= 63 bytes).
   Returns the index id for kinf_index_next, KINF_ERR_NOMEM or KINF_ERR_STATE. */
KINF_API int kinf_add_index(kinf_informer_t* inf, const char* name, kinf_index_fn fn, void* user);
/* Blocks, running list/watch and delivering to handlers, until kinf_stop.
   Returns KINF_OK when stopped, or a negative result for a fatal config error. */
KINF_API int kinf_run(kinf_informer_t* inf);
/* One step: waits at most timeout_ms (0 = don't wait, -1 = until something is
   due) for the socket or a timer, does the I/O that is ready, delivers queued
   changes. Returns KINF_OK, or a negative result for a fatal config error.
   Recoverable failures are logged and retried; they are not returned. */
KINF_API int kinf_poll(kinf_informer_t* inf, int timeout_ms);
KINF_API void kinf_stop(kinf_informer_t* inf);
KINF_API int kinf_stopped(kinf_informer_t* inf);
/* Delivers every queued change to the handlers now, with no I/O, even after
   kinf_stop (a program about to exit calls it so its handlers see what the
   cache holds). Returns how many keys were delivered. */
KINF_API int kinf_flush(kinf_informer_t* inf);
/* Closes the connection. The cache stays readable. */
KINF_API void kinf_shutdown(kinf_informer_t* inf);
enum { KINF_WANT_READ = 1, KINF_WANT_WRITE = 2 };
KINF_API int kinf_fd(kinf_informer_t* inf);               /* -1 if none */
KINF_API unsigned kinf_wants(kinf_informer_t* inf);       /* KINF_WANT_* */
KINF_API int kinf_timeout_ms(kinf_informer_t* inf);       /* until the next deadline, -1 none */

/* The engine: the informer with no sockets, files or clock, for a transport
   of your own (an RTOS socket API, a proxy, a connection you already hold, a
   test harness). kinf_poll and kinf_run are a driver on top of these calls
   and are not mixed with them on one informer. Time is the driver's: every
   call that takes now_ms gives the engine the current time in milliseconds
   of any monotonic clock; the engine reads no clock of its own.

   The driver loop: call kinf_engine_tick, then act on the bits it returns,
   handing each result back, until none is left that it can act on now; then
   wait for the socket or until kinf_engine_deadline, and tick again.
       KINF_ENG_CLOSE    close the connection, then kinf_engine_closed
       KINF_ENG_TOKEN    read desc.token_file again: kinf_engine_set_token
                         (kinf_refresh_token_file does it for you)
       KINF_ENG_CONNECT  open a new connection to kinf_engine_server's host
                         and port (TLS for https is the driver's), then
                         kinf_engine_connected, or kinf_engine_failed
       KINF_ENG_SEND     write kinf_engine_sendbuf's bytes, then kinf_engine_sent
       KINF_ENG_RECV     read into kinf_engine_recvbuf, then kinf_engine_recvd;
                         at the end of the stream kinf_engine_closed
   After kinf_engine_failed or an unasked kinf_engine_closed the engine
   regards the connection as gone. With no bit set the engine waits for its
   deadline, or for kinf_engine_dispatch to make room in the queue.
   kinf_engine_dispatch delivers queued changes to the handlers (at most
   desc.dispatch_budget); call it after the bytes of a step are handed in.
   Callbacks run only inside kinf_engine_dispatch and kinf_add_handler; the
   engine calls made from a callback do nothing (kinf_engine_dispatch and
   kinf_engine_tick return 0). */
enum { KINF_ENG_CONNECT = 1, KINF_ENG_SEND = 2, KINF_ENG_RECV = 4, KINF_ENG_CLOSE = 8, KINF_ENG_TOKEN = 16 };
typedef struct kinf_server_t {
    const char* host;            /* name or address, IPv6 without brackets */
    uint16_t port;
    int https;                   /* 1: the driver speaks TLS (the engine sends and reads plain HTTP) */
} kinf_server_t;
KINF_API kinf_server_t kinf_engine_server(kinf_informer_t* inf);
/* What the engine wants now, with no side effect (KINF_ENG_*; 0 when stopped). */
KINF_API unsigned kinf_engine_state(kinf_informer_t* inf);
/* Starts the first list, ends a backoff, times out a silent connection,
   feeds bytes the queue held back, finishes responses. Returns the state. */
KINF_API unsigned kinf_engine_tick(kinf_informer_t* inf, uint64_t now_ms);
/* The time (now_ms's clock) by which kinf_engine_tick must be called again;
   UINT64_MAX for none, a time not after now when it has work now. */
KINF_API uint64_t kinf_engine_deadline(kinf_informer_t* inf);
/* The request bytes still to send (valid until the next engine call). */
KINF_API const uint8_t* kinf_engine_sendbuf(kinf_informer_t* inf, size_t* len);
KINF_API void kinf_engine_sent(kinf_informer_t* inf, size_t n, uint64_t now_ms);
/* Where to put the next bytes read, and how many fit; NULL and 0 when the
   engine wants none now. kinf_engine_recvd(n) hands in the n bytes put there. */
KINF_API uint8_t* kinf_engine_recvbuf(kinf_informer_t* inf, size_t* cap);
KINF_API void kinf_engine_recvd(kinf_informer_t* inf, size_t n, uint64_t now_ms);
KINF_API void kinf_engine_connected(kinf_informer_t* inf, uint64_t now_ms);
/* The connection is closed: by the server (end of stream) or by the driver
   as KINF_ENG_CLOSE asked. */
KINF_API void kinf_engine_closed(kinf_informer_t* inf, uint64_t now_ms);
/* The transport failed: item is what happened (KINF_LOGITEM_CONNECT_FAILED,
   _RESOLVE_FAILED, _CONNECT_TIMEOUT, _IO_ERROR, a TLS item), logged as an
   error with detail; 0 when the transport logged it already. The request is
   retried after a backoff, as client-go's reflector does. */
KINF_API void kinf_engine_failed(kinf_informer_t* inf, uint32_t item, const char* detail, uint64_t now_ms);
/* A new bearer token (NUL-terminated, copied), or NULL to keep the one held
   (a file that could not be read). KINF_OK, or KINF_ERR_INVAL (too long,
   spaces or control characters: logged, the old token is kept). */
KINF_API int kinf_engine_set_token(kinf_informer_t* inf, const char* token, uint64_t now_ms);
/* Delivers queued changes to the handlers; returns how many keys. */
KINF_API int kinf_engine_dispatch(kinf_informer_t* inf, uint64_t now_ms);
/* Driver helper: reads desc.token_file (no more than KINF_MAX_TOKEN bytes)
   and hands it to kinf_engine_set_token. Blocks on the file read only. */
KINF_API int kinf_refresh_token_file(kinf_informer_t* inf, uint64_t now_ms);

KINF_API int kinf_has_synced(kinf_informer_t* inf);
KINF_API int kinf_count(kinf_informer_t* inf);
KINF_API int kinf_get(kinf_informer_t* inf, const char* key, kinf_object_t* out);
KINF_API int kinf_lookup(kinf_informer_t* inf, kinf_handle_t handle, kinf_object_t* out);
/* Iterates every cached object; start with a zeroed iterator. Returns 1 per
   object, 0 at the end. Unordered. */
KINF_API int kinf_next(kinf_informer_t* inf, kinf_iter_t* it, kinf_object_t* out);
/* Iterates the objects whose index value equals value. */
KINF_API int kinf_index_next(kinf_informer_t* inf, int index, const char* value, kinf_iter_t* it, kinf_object_t* out);
/* Reads one value of the object's JSON by a dotted path ("spec.nodeName",
   "spec.containers.0.image"; "\\." for a literal dot). Returns 1 and fills
   out, or 0 if absent. metadata.name, .namespace, .uid and .resourceVersion
   are answered from the object's fields when projection left them out. */
KINF_API int kinf_field(const kinf_object_t* obj, const char* path, kinf_value_t* out);
/* Copies the field as text (a string unescaped), NUL-terminated and cut to
   cap-1 bytes; returns the full length, or 0 if absent. */
KINF_API size_t kinf_field_str(const kinf_object_t* obj, const char* path, char* buf, size_t cap);
KINF_API kinf_stats_t kinf_stats(kinf_informer_t* inf);
KINF_API const char* kinf_resource_version(kinf_informer_t* inf);
KINF_API uint32_t kinf_last_error(kinf_informer_t* inf);
KINF_API void kinf_clear_error(kinf_informer_t* inf);
KINF_API const char* kinf_log_item_name(uint32_t item);
/* 1 for an error that retrying the same request cannot fix: the server said
   the request itself is wrong (BAD_REQUEST: a 400, such as a field selector
   it does not support or a namespace on a cluster-scoped resource;
   NOT_FOUND: a 404, no such resource). The informer keeps retrying with
   backoff, as client-go's reflector does; a tool exits on it, as kubectl
   does (kwatch exits 1 before its first sync). 401, 403, 429, 5xx and
   connection failures are 0: they can pass. */
KINF_API int kinf_log_item_is_final(uint32_t item);

/* Reads a kubeconfig: path, or NULL for the first file of $KUBECONFIG, else
   ~/.kube/config; context, or NULL for current-context. work holds the file
   and the decoded *-data fields. Returns KINF_OK, or an error with
   cfg->error / cfg->error_detail set. Does not follow exec or auth-provider
   plugins: they are an error naming the field. */
KINF_API int kinf_config_kubeconfig(kinf_config_t* cfg, const char* path, const char* context, void* work, size_t work_size);
/* The in-cluster service account: KUBERNETES_SERVICE_HOST/PORT and
   sa_dir (NULL: /var/run/secrets/kubernetes.io/serviceaccount) with token,
   ca.crt and namespace. The token is a token_file, re-read as it rotates,
   and the CA a ca_file read by kinf_init: nothing needs the work buffer,
   which may be NULL (the parameter keeps the three loaders alike). */
KINF_API int kinf_config_in_cluster(kinf_config_t* cfg, const char* sa_dir, void* work, size_t work_size);
/* With no explicit settings, as client-go's BuildConfigFromFlags("", ""):
   in-cluster when KUBERNETES_SERVICE_HOST is set, else the kubeconfig
   ($KUBECONFIG's first file, else ~/.kube/config). */
KINF_API int kinf_config_default(kinf_config_t* cfg, void* work, size_t work_size);
/* Fills the unset (NULL/0) connection fields of desc from cfg. */
KINF_API void kinf_config_apply(const kinf_config_t* cfg, kinf_desc_t* desc);

#ifdef __cplusplus
}
#endif
#endif /* KINFORMER_H_INCLUDED */

/*=== IMPLEMENTATION ========================================================*/
#ifdef KINFORMER_IMPLEMENTATION
#ifndef KINFORMER_IMPL_INCLUDED
#define KINFORMER_IMPL_INCLUDED

#include <string.h>
#include <stdlib.h>
#include <errno.h>
#ifndef KINF_ENGINE_ONLY
#include <fcntl.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#elif defined(KINF_TLS_BEARSSL)
#error "KINF_ENGINE_ONLY leaves out the built-in transport, and TLS with it: a transport of your own speaks TLS itself"
#endif
/* A write to a peer that has gone must not raise SIGPIPE: Linux and the
   BSDs since 2013 say so per call (MSG_NOSIGNAL); macOS and older BSDs per
   socket (SO_NOSIGPIPE, set in kinf__sock_connect_next). Elsewhere the
   program ignores SIGPIPE itself. */
#if defined(MSG_NOSIGNAL)
#define KINF__SEND_FLAGS MSG_NOSIGNAL
#else
#define KINF__SEND_FLAGS 0
#endif
#if defined(__SSE2__) && defined(__GNUC__) && !defined(KINF_NO_SIMD)
#include <emmintrin.h>
#define KINF__SSE2 1
#endif

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#define JSMN_STATIC
#define JSMN_STRICT
#define JSMN_PARENT_LINKS
#include <jsmn.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#ifdef KINF_TLS_BEARSSL
#include <bearssl.h>
#endif
#ifndef KINF_TLS_MAX_CAS
#define KINF_TLS_MAX_CAS 16
#endif
#ifndef KINF_TLS_ANCHOR_BYTES
#define KINF_TLS_ANCHOR_BYTES 16384
#endif
#ifndef KINF_TLS_MAX_CHAIN
#define KINF_TLS_MAX_CHAIN 4
#endif
#ifndef KINF_TLS_CHAIN_BYTES
#define KINF_TLS_CHAIN_BYTES 8192
#endif
#ifndef KINF_ASSERT
#include <assert.h>
#define KINF_ASSERT(c) assert(c)
#endif
#ifndef KINF_MAX_HEAD_BYTES
#define KINF_MAX_HEAD_BYTES 8192
#endif
#ifndef KINF_MAX_HEADERS
#define KINF_MAX_HEADERS 48
#endif
#ifndef KINF_MAX_DEPTH
#define KINF_MAX_DEPTH 128
#endif
#ifndef KINF_MAX_RULES
#define KINF_MAX_RULES 32
#endif
#if KINF_MAX_RULES > 32
#error "KINF_MAX_RULES is at most 32 (the rule masks are 32 bits)"
#endif
#ifndef KINF_MAX_CONTINUE
#define KINF_MAX_CONTINUE 4096
#endif
#ifndef KINF_MAX_TOKEN
#define KINF_MAX_TOKEN 8192
#endif
#define KINF__MAX_SEGS 12
#define KINF__MAX_STR 1024 /* path prefix, selectors */
#define KINF__MAX_RV 128
#define KINF__MAX_NAME 256
#define KINF__MAX_UID 128
#define KINF__MAX_KEY (2 * KINF__MAX_NAME + 2)
#define KINF__WBUF (16384 + KINF_MAX_TOKEN)
#define KINF__MAX_OBJECTS 1000000
#define KINF__SLOT_BITS 20
#define KINF__MAGIC 0x6b696e66u
#define KINF__STR2(x) #x
#define KINF__STR(x) KINF__STR2(x)
#define KINF__VERSION_STR KINF__STR(KINF_VERSION_MAJOR) "." KINF__STR(KINF_VERSION_MINOR) "." KINF__STR(KINF_VERSION_PATCH)

/* CONTENTS (grep for the anchor, e.g. "/\* >>store hash"), bottom up:
     >>base           numbers, strings, the clock-free helpers
     >>http           the response head; >>http chunked: the chunked framing
     >>json           the streaming JSON scanner: one grammar, records, captures, member table
     >>context        the informer's state (kinf_informer_t) in the caller's memory
     >>log            log items, the sticky error
     >>project        projection of an object to the kept paths, in place
     >>store          arena, hash (key -> slot), index, operations; >>fifo the DeltaFIFO
     >>setup          the descriptor read into the context, the memory layout
     >>reflector      requests, connection wanted, events, responses, step: list/watch
     >>handlers       delivery from the FIFO to the handlers, resync
     >>engine         the kinf_engine_* calls: the seam every transport drives
     >>transport      tls (BearSSL) and io (socket or TLS): the built-in transport
     >>driver         kinf_poll's driver over the engine calls: socket, clock, files
     >>field          kinf_field: a value of a compact JSON object by path
     >>config         kubeconfig, in-cluster service account
     >>public         set-up, the built-in driver's calls, the lister
   Private names carry their module: kinf__http_, kinf__chunked_, kinf__scan_
   and kinf__num_ (json), kinf__pj_ (project), kinf__arena_, kinf__blk_,
   kinf__hash_, kinf__index_, kinf__fifo_, kinf__slot_ and kinf__store_,
   kinf__setup_, kinf__rf_ (reflector), kinf__hd_ (handlers), kinf__tls_,
   kinf__xw_ and kinf__io_ (transport), kinf__drv_ and kinf__sock_ (driver),
   kinf__cfg_, kinf__kc_ and kinf__y (config); base helpers have none.
*/

/* >>base */
/* An arena block: 16 bytes, then key, namespace, uid and resourceVersion as C
   strings, the JSON and its NUL, then tail bytes up to the 4-byte size. */
typedef struct { uint32_t size, owner; uint16_t klen; uint8_t nslen, uidlen, rvlen, flags, tail, unused; } kinf__blk;
typedef char kinf__blk_lens_fit[(KINF__MAX_NAME <= 256 && KINF__MAX_UID <= 256 && KINF__MAX_RV <= 256) ? 1 : -1];
typedef char kinf__blk_is_16[(sizeof(kinf__blk) == 16) ? 1 : -1];
/* the bytes of a block before its JSON: the header and the four strings with their NULs */
static size_t kinf__blk_head(size_t kl, size_t nsl, size_t ul, size_t rl) { return sizeof(kinf__blk) + kl + nsl + ul + rl + 4u; }

static size_t kinf__align8(size_t n) { return (n + 7u) & ~(size_t)7u; }
static uint32_t kinf__fnv(const char* s, size_t n) {
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++) { h ^= (uint8_t)s[i]; h *= 16777619u; }
    return h ? h : 1u;
}
/* copies at most cap-1 bytes; returns 0 if src did not fit */
static int kinf__strlcpy(char* dst, const char* src, size_t cap) {
    size_t n = src ? strlen(src) : 0;
    if (n >= cap) { n = cap - 1; memcpy(dst, src, n); dst[n] = 0; return 0; }
    if (n) { memcpy(dst, src, n); }
    dst[n] = 0;
    return 1;
}
static char* kinf__utoa(char* buf /* >= 21 */, uint64_t v) {
    char* p = buf + 20;
    *p = 0;
    do { *--p = (char)('0' + v % 10u); v /= 10u; } while (v);
    return p;
}
/* visible ASCII only: what may go into a request line or header */
static int kinf__visible_ascii(const char* s) {
    for (; s && *s; s++) { if ((unsigned char)*s < 0x21 || (unsigned char)*s > 0x7e) { return 0; } }
    return 1;
}
static int kinf__mem_has(const uint8_t* p, size_t n, const char* s) {
    size_t k = strlen(s), i;
    for (i = 0; i + k <= n; i++) { if (p[i] == (uint8_t)s[0] && !memcmp(p + i, s, k)) { return 1; } }
    return 0;
}
/* writes the key "ns/name" (or "name" for a cluster-scoped object) at out,
   which has room for nsl + 1 + nl bytes; returns its length (no NUL written) */
static size_t kinf__key_put(char* out, const char* ns, size_t nsl, const char* name, size_t nl) {
    if (!nsl) { memcpy(out, name, nl); return nl; }
    memcpy(out, ns, nsl); out[nsl] = '/'; memcpy(out + nsl + 1, name, nl);
    return nsl + 1 + nl;
}
/* the value of one hex digit, or -1 (chunk sizes, \u escapes in JSON and YAML) */
static int kinf__hexval(unsigned c) {
    return (c >= '0' && c <= '9') ? (int)(c - '0') : (c >= 'a' && c <= 'f') ? (int)(c - 'a' + 10) : (c >= 'A' && c <= 'F') ? (int)(c - 'A' + 10) : -1;
}
static int kinf__ieq(const char* a, size_t an, const char* b) { /* case-insensitive, b lowercase */
    size_t i;
    for (i = 0; i < an; i++) {
        char c = a[i];
        if (c >= 'A' && c <= 'Z') { c = (char)(c - 'A' + 'a'); }
        if (!b[i] || c != b[i]) { return 0; }
    }
    return b[an] == 0;
}
/* parses a decimal of at most 18 digits; -1 if not one */
static int64_t kinf__parse_dec(const char* s, size_t n) {
    int64_t v = 0;
    size_t i;
    if (n == 0 || n > 18) { return -1; }
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') { return -1; }
        v = v * 10 + (s[i] - '0');
    }
    return v;
}
static uint32_t kinf__rand(uint32_t* st) {
    uint32_t x = *st ? *st : 0x9e3779b9u;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    *st = x;
    return x;
}

/* >>http */
typedef struct kinf__resp {
    int status;
    int chunked, conn_close, head_done;
    int64_t clen;        /* -1: none */
    int64_t retry_after; /* -1: none */
    size_t head_len;
} kinf__resp;

/* Parses a complete response head (ending in CRLF CRLF, or LF LF). */
static int kinf__http_parse_head(const char* h, size_t n, kinf__resp* r, uint32_t* err_item) {
    size_t i = 0, line_end, nh = 0;
    r->status = 0; r->chunked = 0; r->conn_close = 0; r->clen = -1; r->retry_after = -1;
    if (n < 13 || memcmp(h, "HTTP/1.", 7) != 0 || (h[7] != '0' && h[7] != '1') || h[8] != ' ') {
        *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL;
    }
    if (h[7] == '0') { r->conn_close = 1; }
    if (h[9] < '1' || h[9] > '5' || h[10] < '0' || h[10] > '9' || h[11] < '0' || h[11] > '9') {
        *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL;
    }
    if (h[12] != ' ' && h[12] != '\r' && h[12] != '\n') { *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL; }
    r->status = (h[9] - '0') * 100 + (h[10] - '0') * 10 + (h[11] - '0');
    while (i < n && h[i] != '\n') { i++; }
    i++;
    while (i < n) {
        size_t ns, ne, vs, ve;
        line_end = i;
        while (line_end < n && h[line_end] != '\n') { line_end++; }
        ve = line_end;
        if (ve > i && h[ve - 1] == '\r') { ve--; }
        if (ve == i) { break; } /* the empty line */
        if (++nh > KINF_MAX_HEADERS) { *err_item = KINF_LOGITEM_HTTP_TOO_MANY_HEADERS; return KINF_ERR_NOMEM; }
        ns = i; ne = i;
        while (ne < ve && h[ne] != ':') {
            char c = h[ne];
            if (c == ' ' || c == '\t' || (unsigned char)c < 0x21 || (unsigned char)c > 0x7e) {
                *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL;
            }
            ne++;
        }
        if (ne == ve || ne == ns) { *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL; }
        vs = ne + 1;
        while (vs < ve && (h[vs] == ' ' || h[vs] == '\t')) { vs++; }
        while (ve > vs && (h[ve - 1] == ' ' || h[ve - 1] == '\t')) { ve--; }
        if (kinf__ieq(h + ns, ne - ns, "content-length")) {
            int64_t v = kinf__parse_dec(h + vs, ve - vs);
            if (v < 0 || (r->clen >= 0 && r->clen != v)) { *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL; }
            r->clen = v;
        } else if (kinf__ieq(h + ns, ne - ns, "transfer-encoding")) {
            if (kinf__ieq(h + vs, ve - vs, "chunked")) { r->chunked = 1; }
            else if (!kinf__ieq(h + vs, ve - vs, "identity")) { *err_item = KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING; return KINF_ERR_INVAL; }
        } else if (kinf__ieq(h + ns, ne - ns, "content-encoding")) {
            if (!kinf__ieq(h + vs, ve - vs, "identity")) { *err_item = KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING; return KINF_ERR_INVAL; }
        } else if (kinf__ieq(h + ns, ne - ns, "connection")) {
            if (kinf__ieq(h + vs, ve - vs, "close")) { r->conn_close = 1; }
            else if (kinf__ieq(h + vs, ve - vs, "keep-alive")) { r->conn_close = 0; }
        } else if (kinf__ieq(h + ns, ne - ns, "retry-after")) {
            r->retry_after = kinf__parse_dec(h + vs, ve - vs); /* an HTTP-date reads as none */
        }
        i = line_end + 1;
    }
    if (r->chunked) { r->clen = -1; }
    return KINF_OK;
}

/* >>http chunked  The informer reads chunk data where it lies in the read buffer,
   between the framing kinf__chunked_frame steps over. kinf__chunked_decode
   decodes in place: the data bytes of buf[0..*len) are moved to the front and
   *len becomes their count (KINF_OK, or KINF_ERR_INVAL for a malformed or
   oversized chunk). d->done is set after the last chunk's trailers. */
/* the framing's states: a size line (its digits, an extension, its LF), the
   data, the CRLF after it, the trailer lines, and after the last one */
typedef enum kinf__ch_state {
    KINF__CH_SIZE = 0, KINF__CH_EXT, KINF__CH_SIZE_LF, KINF__CH_DATA, KINF__CH_DATA_CR, KINF__CH_DATA_LF,
    KINF__CH_TRAILER_START, KINF__CH_TRAILER, KINF__CH_DONE
} kinf__ch_state;
typedef struct kinf__chunked {
    uint8_t st;      /* kinf__ch_state; zero is the start */
    uint8_t digits, done;
    uint64_t left;
    uint32_t linelen;
} kinf__chunked;

/* The framing bytes from buf[*pi] (sizes, extensions, line ends, trailers)
   up to the next data byte, the end of the body or n; *pi moves past them.
   Returns how many data bytes follow there (up to n), counted off the
   chunk; 0 when none is there; -1 for a malformed chunk. */
static long kinf__chunked_frame(kinf__chunked* d, const uint8_t* buf, size_t* pi, size_t n) {
    size_t i = *pi;
    while (i < n && d->st != KINF__CH_DATA) {
        uint8_t c = buf[i];
        switch (d->st) {
        case KINF__CH_SIZE: {
            int v = kinf__hexval(c);
            if (v >= 0) {
                /* a chunk larger than 2^40 is refused before it can overflow */
                if (d->digits >= 10) { return -1; }
                d->left = d->left * 16u + (uint64_t)v; d->digits++; i++;
            } else if (d->digits == 0) {
                return -1;
            } else if (c == ';' || c == ' ' || c == '\t') {
                d->st = KINF__CH_EXT; d->linelen = 0; i++;
            } else if (c == '\r') {
                d->st = KINF__CH_SIZE_LF; i++;
            } else if (c == '\n') {
                d->st = d->left ? KINF__CH_DATA : KINF__CH_TRAILER_START; i++;
            } else {
                return -1;
            }
            break;
        }
        case KINF__CH_EXT: /* ignored, but bounded */
            if (c == '\n') { d->st = d->left ? KINF__CH_DATA : KINF__CH_TRAILER_START; }
            else if (c == '\r') { d->st = KINF__CH_SIZE_LF; }
            else if (++d->linelen > 1024) { return -1; }
            i++;
            break;
        case KINF__CH_SIZE_LF:
            if (c != '\n') { return -1; }
            d->st = d->left ? KINF__CH_DATA : KINF__CH_TRAILER_START; i++;
            break;
        case KINF__CH_DATA_CR:
            if (c == '\r') { d->st = KINF__CH_DATA_LF; i++; }
            else if (c == '\n') { d->st = KINF__CH_SIZE; d->digits = 0; i++; }
            else { return -1; }
            break;
        case KINF__CH_DATA_LF:
            if (c != '\n') { return -1; }
            d->st = KINF__CH_SIZE; d->digits = 0; i++;
            break;
        case KINF__CH_TRAILER_START: /* an empty trailer line ends the body */
            if (c == '\r') { i++; break; }
            if (c == '\n') { d->st = KINF__CH_DONE; d->done = 1; i++; break; }
            d->st = KINF__CH_TRAILER; d->linelen = 0;
            break;
        case KINF__CH_TRAILER:
            if (c == '\n') { d->st = KINF__CH_TRAILER_START; }
            else if (++d->linelen > 4096) { return -1; }
            i++;
            break;
        default: /* KINF__CH_DONE: bytes after the end belong to no one */
            i = n;
            break;
        }
    }
    *pi = i;
    if (i < n && d->st == KINF__CH_DATA) {
        size_t k = n - i;
        if ((uint64_t)k > d->left) { k = (size_t)d->left; }
        d->left -= k;
        if (d->left == 0) { d->st = KINF__CH_DATA_CR; }
        return (long)k;
    }
    return 0;
}
/* in place, over the same two steps (the unit tests and the fuzz target use it;
   inline, so builds that do not use it get no unused-function warning) */
static inline int kinf__chunked_decode(kinf__chunked* d, uint8_t* buf, size_t* len) {
    size_t i = 0, o = 0, n = *len;
    while (i < n) {
        long k = kinf__chunked_frame(d, buf, &i, n);
        if (k < 0) { return KINF_ERR_INVAL; }
        if (k == 0) { break; }
        if (o != i) { memmove(buf + o, buf + i, (size_t)k); }
        o += (size_t)k; i += (size_t)k;
    }
    *len = o;
    return KINF_OK;
}

/* >>json  A streaming JSON scanner. It frames records (each top-level value of
   a watch stream, or each element of a list's "items") into the event buffer,
   checks the structure, bounds the depth, and captures the few strings we need
   even when a record is too large to keep: type, metadata name, namespace, uid,
   resourceVersion, and the list's resourceVersion and continue. */
enum { KINF__K_OTHER = 0, KINF__K_TYPE, KINF__K_OBJECT, KINF__K_METADATA, KINF__K_NAME, KINF__K_NAMESPACE,
       KINF__K_UID, KINF__K_RV, KINF__K_CONTINUE, KINF__K_ITEMS, KINF__K_ARRAY = 0xff };
enum { KINF__CAP_TYPE = 0, KINF__CAP_NAME, KINF__CAP_NS, KINF__CAP_UID, KINF__CAP_RV, KINF__CAP_LIST_RV, KINF__CAP_CONTINUE, KINF__CAP_COUNT };
enum { KINF__X_VALUE = 0, KINF__X_KEY_OR_END, KINF__X_KEY, KINF__X_COLON, KINF__X_COMMA_OR_END, KINF__X_VALUE_OR_END, KINF__X_ROOT };
enum { KINF__S_NONE = 0, KINF__S_STR, KINF__S_ESC, KINF__S_UHEX, KINF__S_NUM, KINF__S_LIT };

/* The members of a record's object and of its object members (metadata,
   spec, status, ...) as offsets in the event buffer, so projection can copy
   or skip them without reading them again. */
#define KINF__MAX_MEMBERS 128
typedef struct kinf__member {
    uint32_t ks, ke, vs, ve;
    uint32_t km, dm;              /* projection rule masks for the members of this value */
    int16_t parent;
    uint8_t level, full, skip;    /* skip: projection drops it, so the scanner skipped it */
    uint8_t dec;                  /* projection's decision for it: 0 not made, 1 keep, 2 drop */
} kinf__member;

typedef struct kinf__scan {
    uint8_t list_mode, st, expect, is_key, err, root_done, kover, klen;
    uint8_t mt_over;              /* more members than KINF__MAX_MEMBERS: projection walks the bytes */
    int mt_n, mt_key, mt_cur[2];
    int drop;                     /* a member projection drops is open: 1 + the depth of the object
                                     holding it (0 none); its bytes are checked, not copied */
    uint8_t drop_ws;              /* ws when the drop began: whitespace inside it is not the record's */
    int whole;                    /* the depth from which a member of the object, kept whole with no
                                     rule under it, goes to the fast loop; 0 none (kinf__scan_feed) */
    const struct kinf__rules* rules; /* what projection drops: asked at each key (0: nothing) */
    kinf__member mt[KINF__MAX_MEMBERS];
    uint8_t sub;                  /* \u digits left; number grammar state; literal position */
    uint8_t ws;                   /* whitespace seen between the tokens of the open record */
    const char* lit;              /* literal being matched: "true", "false", "null" */
    int depth, rec_base;          /* rec_base: depth of the open record's container, 0 = none */
    uint8_t ids[8];
    uint8_t arr[KINF_MAX_DEPTH];  /* 1 where the container open at that depth is an array */
    char kbuf[24];
    int cap;                      /* capture in progress, -1 none */
    /* record framing: the record's bytes are copied to ev[0..ev_len) */
    uint8_t* ev; size_t ev_cap, ev_len; uint8_t rec_over, rec_done;
    size_t obj_start, obj_end;    /* watch: the "object" value, as offsets in ev (end 0: none) */
    uint8_t obj_dup;              /* watch: a second "object" object in the event (refused) */
    char* cbuf[KINF__CAP_COUNT]; size_t ccap[KINF__CAP_COUNT], clen[KINF__CAP_COUNT]; uint8_t cover[KINF__CAP_COUNT], cset[KINF__CAP_COUNT];
} kinf__scan;

static void kinf__scan_reset(kinf__scan* s, int list_mode) {
    s->list_mode = (uint8_t)list_mode; s->st = KINF__S_NONE; s->expect = KINF__X_ROOT; s->err = 0; s->root_done = 0;
    s->depth = 0; s->rec_base = 0; s->cap = -1; s->ev_len = 0; s->rec_over = 0; s->rec_done = 0; s->kover = 0; s->klen = 0;
    s->sub = 0; s->ws = 0; s->lit = 0; s->obj_start = 0; s->obj_end = 0; s->whole = 0; s->drop = 0; s->obj_dup = 0;
    memset(s->ids, 0, sizeof(s->ids));
    memset(s->clen, 0, sizeof(s->clen)); memset(s->cover, 0, sizeof(s->cover)); memset(s->cset, 0, sizeof(s->cset));
}
static int kinf__scan_is_arr(const kinf__scan* s, int d) { return s->arr[d]; }
static uint8_t kinf__key_id(const char* k, size_t n) {
    switch (n) {
    case 4: if (!memcmp(k, "type", 4)) { return KINF__K_TYPE; } if (!memcmp(k, "name", 4)) { return KINF__K_NAME; } break;
    case 3: if (!memcmp(k, "uid", 3)) { return KINF__K_UID; } break;
    case 5: if (!memcmp(k, "items", 5)) { return KINF__K_ITEMS; } break;
    case 6: if (!memcmp(k, "object", 6)) { return KINF__K_OBJECT; } break;
    case 8: if (!memcmp(k, "metadata", 8)) { return KINF__K_METADATA; } if (!memcmp(k, "continue", 8)) { return KINF__K_CONTINUE; } break;
    case 9: if (!memcmp(k, "namespace", 9)) { return KINF__K_NAMESPACE; } break;
    case 15: if (!memcmp(k, "resourceVersion", 15)) { return KINF__K_RV; } break;
    default: break;
    }
    return KINF__K_OTHER;
}
/* which capture, if any, a value starting now at s->depth belongs to */
static int kinf__scan_cap_for(const kinf__scan* s) {
    int d = s->depth, b = s->rec_base;
    uint8_t leaf;
    if (d >= 8 || kinf__scan_is_arr(s, d)) { return -1; }
    if (!s->list_mode) {
        if (d == 1) { return s->ids[1] == KINF__K_TYPE ? KINF__CAP_TYPE : -1; }
        if (d != 3 || s->ids[1] != KINF__K_OBJECT || s->ids[2] != KINF__K_METADATA) { return -1; }
        leaf = s->ids[3];
    } else if (b == 0) {
        if (d != 2 || s->ids[1] != KINF__K_METADATA) { return -1; }
        return s->ids[2] == KINF__K_RV ? KINF__CAP_LIST_RV : s->ids[2] == KINF__K_CONTINUE ? KINF__CAP_CONTINUE : -1;
    } else {
        if (d != b + 1 || s->ids[b] != KINF__K_METADATA) { return -1; }
        leaf = s->ids[d];
    }
    switch (leaf) {
    case KINF__K_NAME: return KINF__CAP_NAME;
    case KINF__K_NAMESPACE: return KINF__CAP_NS;
    case KINF__K_UID: return KINF__CAP_UID;
    case KINF__K_RV: return KINF__CAP_RV;
    default: return -1;
    }
}
static void kinf__scan_capc(kinf__scan* s, char c) {
    int k = s->cap;
    if (s->clen[k] + 1 < s->ccap[k]) { s->cbuf[k][s->clen[k]++] = c; }
    else { s->cover[k] = 1; }
}
static void kinf__scan_value_done(kinf__scan* s, size_t pos) {
    if (s->rec_base) {
        int lv = s->depth - (s->list_mode ? 3 : 2);
        if ((lv == 0 || lv == 1) && s->mt_cur[lv] >= 0) { s->mt[s->mt_cur[lv]].ve = (uint32_t)pos; s->mt_cur[lv] = -1; }
    }
    if (s->cap >= 0) { s->cbuf[s->cap][s->clen[s->cap]] = 0; s->cset[s->cap] = 1; s->cap = -1; }
    s->expect = (s->depth == 0) ? KINF__X_ROOT : KINF__X_COMMA_OR_END;
    if (s->depth == 0 && s->list_mode) { s->root_done = 1; }
}
static void kinf__scan_value_start(kinf__scan* s) {
    int k = (s->depth < 8 && !s->drop) ? kinf__scan_cap_for(s) : -1;
    s->cap = k;
    if (k >= 0) { s->clen[k] = 0; s->cover[k] = 0; s->cset[k] = 0; }
}

/* number grammar: 1 after '-', 2 a leading 0, 3 int digits, 4 after '.',
   5 fraction digits, 6 after 'e', 7 after the exponent sign, 8 exponent digits */
/* The number grammar (RFC 8259), one state per place in it; every path
   (the byte machine, the fast loop) steps it with kinf__num_next and ends
   it with kinf__num_accepts. */
typedef enum kinf__num_state {
    KINF__N_FAIL = 0, KINF__N_MINUS, KINF__N_ZERO, KINF__N_INT, KINF__N_DOT, KINF__N_FRAC, KINF__N_EXP,
    KINF__N_EXP_SIGN, KINF__N_EXP_DIGITS
} kinf__num_state;
/* the state after a number's first byte, '-' or a digit */
static uint8_t kinf__num_start(uint8_t c) { return c == '-' ? KINF__N_MINUS : c == '0' ? KINF__N_ZERO : KINF__N_INT; }
static uint8_t kinf__num_next(uint8_t st, uint8_t c) {
    int d = c >= '0' && c <= '9', e = c == 'e' || c == 'E';
    switch (st) {
    case KINF__N_MINUS: return c == '0' ? KINF__N_ZERO : d ? KINF__N_INT : KINF__N_FAIL;
    case KINF__N_ZERO: return c == '.' ? KINF__N_DOT : e ? KINF__N_EXP : KINF__N_FAIL;
    case KINF__N_INT: return d ? KINF__N_INT : c == '.' ? KINF__N_DOT : e ? KINF__N_EXP : KINF__N_FAIL;
    case KINF__N_DOT: return d ? KINF__N_FRAC : KINF__N_FAIL;
    case KINF__N_FRAC: return d ? KINF__N_FRAC : e ? KINF__N_EXP : KINF__N_FAIL;
    case KINF__N_EXP: return d ? KINF__N_EXP_DIGITS : (c == '+' || c == '-') ? KINF__N_EXP_SIGN : KINF__N_FAIL;
    case KINF__N_EXP_SIGN: case KINF__N_EXP_DIGITS: return d ? KINF__N_EXP_DIGITS : KINF__N_FAIL;
    default: return KINF__N_FAIL;
    }
}
/* a number may end in this state */
static int kinf__num_accepts(uint8_t st) { return st == KINF__N_ZERO || st == KINF__N_INT || st == KINF__N_FRAC || st == KINF__N_EXP_DIGITS; }
/* Index of the first '"' or '\\' (or control byte, with ctl) in p[i..n),
   or n: sixteen bytes at a time with SSE2, else eight with the has-zero-byte test, where the lowest
   set bit of the test names the first match exactly (little-endian). */
static inline size_t kinf__str_run(const uint8_t* p, size_t i, size_t n, int ctl) {
#ifdef KINF__SSE2
    /* sixteen at a time where SSE2 is there (every x86-64) */
    const __m128i dq = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\'), lo = _mm_set1_epi8(0x1f);
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i*)(const void*)(p + i));
        __m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, dq), _mm_cmpeq_epi8(v, bs));
        unsigned mask;
        if (ctl) { m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_min_epu8(v, lo), v)); }
        mask = (unsigned)_mm_movemask_epi8(m);
        if (mask) { return i + (size_t)__builtin_ctz(mask); }
        i += 16;
    }
#endif
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    while (i + 8 <= n) {
        uint64_t v, q, b, t;
        memcpy(&v, p + i, 8);
        q = v ^ (ones * '"');
        b = v ^ (ones * '\\');
        t = ((q - ones) & ~q) | ((b - ones) & ~b);
        if (ctl) { t |= (v - ones * 0x20u) & ~v; }
        t &= highs;
        if (t) { return i + (size_t)(__builtin_ctzll(t) >> 3); }
        i += 8;
    }
#endif
    while (i < n && p[i] != '"' && p[i] != '\\' && (!ctl || p[i] >= 0x20)) { i++; }
    return i;
}
static int kinf__is_hex(uint8_t c) { return kinf__hexval(c) >= 0; }
/* the bytes that may follow a backslash in a JSON string, \u apart (RFC 8259) */
static inline int kinf__is_json_escape(uint8_t c) {
    return c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't';
}

static int kinf__scan_decide(kinf__scan* s, kinf__member* m);
/* The member table, as the scanner meets a record's keys and values: what
   the byte state machine and the one-step path of kinf__scan_feed share.
   Positions are offsets in the record. Inlined at both places: they run for
   every member-level key and value. */
#if defined(__GNUC__)
#define KINF__SCAN_INLINE static inline __attribute__((always_inline))
#define KINF__NOINLINE __attribute__((noinline))
#else
#define KINF__SCAN_INLINE static inline
#define KINF__NOINLINE
#endif
/* a key of the open record opens at ks: at the table's levels (the
   object's members and those of its object members) it takes an entry */
KINF__SCAN_INLINE void kinf__scan_key_open(kinf__scan* s, uint32_t ks) {
    int lv = s->depth - (s->list_mode ? 3 : 2);
    kinf__member* m;
    /* inside a member kept whole (s->whole), whose keys the byte machine
       meets where the fast loop stopped, no entry: projection copies it
       whole, and the table does not depend on where the stream is split */
    if (s->whole || s->drop || s->rec_over || !(s->list_mode || s->ids[1] == KINF__K_OBJECT) ||
        !(lv == 0 || (lv == 1 && s->mt_cur[0] >= 0 && !kinf__scan_is_arr(s, s->depth)))) { return; }
    if (s->mt_n >= KINF__MAX_MEMBERS) { s->mt_over = 1; return; }
    m = &s->mt[s->mt_n];
    m->ks = ks; m->ke = ks; m->vs = m->ve = 0;
    m->level = (uint8_t)lv; m->parent = (int16_t)(lv ? s->mt_cur[0] : -1); m->dec = 0;
    s->mt_key = s->mt_n++;
}
/* the key (in kbuf) closes at ke: its id, and whether projection drops its member */
KINF__SCAN_INLINE void kinf__scan_key_close(kinf__scan* s, uint32_t ke) {
    s->ids[s->depth] = s->kover ? (uint8_t)KINF__K_OTHER : kinf__key_id(s->kbuf, s->klen);
    s->expect = KINF__X_COLON;
    if (s->mt_key >= 0) {
        s->mt[s->mt_key].ke = ke;
        s->mt[s->mt_key].skip = (uint8_t)(!s->kover && kinf__scan_decide(s, &s->mt[s->mt_key]));
    }
}
/* a value opens at vs: the member whose key came last gets it; returns that member, or -1 */
KINF__SCAN_INLINE int kinf__scan_mt_value(kinf__scan* s, uint32_t vs) {
    int e = s->mt_key;
    if (e < 0) { return -1; }
    s->mt[e].vs = vs;
    s->mt_cur[s->mt[e].level] = e; s->mt_key = -1;
    return e;
}
/* k plain bytes of a string into the capture in progress, cut at its buffer */
KINF__SCAN_INLINE void kinf__scan_cap_run(kinf__scan* s, const uint8_t* src, size_t k) {
    int cp = s->cap;
    if (k > s->ccap[cp] - 1 - s->clen[cp]) { s->cover[cp] = 1; k = s->ccap[cp] - 1 - s->clen[cp]; }
    memcpy(s->cbuf[cp] + s->clen[cp], src, k); s->clen[cp] += k;
}

/* byte classes for the fast loop: 1 quote, 2 colon, 3 comma, 4 open, 5 close,
   6 whitespace, 7 a literal's first letter, 8 a number's first byte, 0 wrong */
enum { KINF__C_BAD = 0, KINF__C_QUOTE, KINF__C_COLON, KINF__C_COMMA, KINF__C_OPEN, KINF__C_CLOSE, KINF__C_WS, KINF__C_LIT, KINF__C_NUM };
static const uint8_t kinf__cclass[256] = {
    0,0,0,0,0,0,0,0,0,6,6,0,0,6,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
    6,0,1,0,0,0,0,0,0,0,0,0,3,8,0,0,8,8,8,8,8,8,8,8,8,8,2,0,0,0,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4,0,5,0,0,
    0,0,0,0,0,0,7,0,0,0,0,0,0,0,7,0,0,0,0,0,7,0,0,0,0,0,0,4,0,5,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
};
/* The bytes of a record below the levels the member table and the captures
   look at (depth >= dmin, or from a member kept whole): only the grammar is
   checked, with the state in registers. The state is where the code is: a
   label for each thing that may come next (a key or the end of an object,
   a key, a colon, a value, a value or the end of an array, a comma or an
   end), so a token costs the test of its first byte, and e is set only for
   the general scanner when it stops. Whole tokens only: it stops before a
   token the buffer cuts, an escape it cannot finish, a close back to depth
   dmin - 1, or a byte that is wrong, and the general scanner takes that
   token from there (and reports the error). Returns where it stopped. */
#ifndef __OPTIMIZE_SIZE__ /* -Os: a string with an escape goes to the byte machine */
/* the rest of a string from an escape at p[j]: past its closing quote, or 0 */
static size_t kinf__deep_escaped(const uint8_t* p, size_t j, size_t n) {
    while (j < n && p[j] == '\\') {
        uint8_t c;
        if (j + 1 >= n) { return 0; }
        c = p[j + 1];
        if (c == 'u') {
            if (j + 6 > n || !kinf__is_hex(p[j + 2]) || !kinf__is_hex(p[j + 3]) || !kinf__is_hex(p[j + 4]) || !kinf__is_hex(p[j + 5])) { return 0; }
            j += 6;
        } else if (kinf__is_json_escape(c)) {
            j += 2;
        } else { return 0; }
        j = kinf__str_run(p, j, n, 1);
    }
    return (j < n && p[j] == '"') ? j + 1 : 0;
}
#define KINF__DEEP_ESCAPED(p, j, n) kinf__deep_escaped(p, j, n)
#else
#define KINF__DEEP_ESCAPED(p, j, n) 0
#endif
/* its own function: inlined into its caller's caller (the engine's
   kinf__rf_advance), its loop state spills to the stack (+8 % instructions per
   watch event, docs/optimisation.md, seventh round) */
static KINF__NOINLINE size_t kinf__scan_deep(kinf__scan* s, const uint8_t* p, size_t i, size_t n, int dmin) {
    int d = s->depth, in_arr = kinf__scan_is_arr(s, d);
    uint8_t e = s->expect, c;
    size_t j;
/* a string from its opening quote at p[i]; out if it does not end here */
#define KINF__DEEP_STRING() do { \
        j = kinf__str_run(p, i + 1, n, 1); \
        if (j < n && p[j] == '"') { i = j + 1; } \
        else if ((j = KINF__DEEP_ESCAPED(p, j, n)) != 0) { i = j; } \
        else { goto out; } \
    } while (0)
/* not the byte the state expects: whitespace is skipped and the state
   tried again, anything else stops */
#define KINF__DEEP_WS(state) do { \
        if (kinf__cclass[p[i]] != KINF__C_WS) { goto out; } \
        s->ws = 1; \
        do { i++; } while (i < n && kinf__cclass[p[i]] == KINF__C_WS); \
        goto state; \
    } while (0)
    switch (e) {
    case KINF__X_KEY_OR_END: goto key_or_end;
    case KINF__X_KEY: goto key;
    case KINF__X_COLON: goto colon;
    case KINF__X_VALUE: goto value;
    case KINF__X_VALUE_OR_END: goto value_or_end;
    case KINF__X_COMMA_OR_END: goto comma_or_end;
    default: goto out;
    }
key_or_end: /* after '{' */
    e = KINF__X_KEY_OR_END;
    if (i >= n) { goto out; }
    if (p[i] == '"') { goto key_token; }
    if (p[i] == '}') { goto close; }
    KINF__DEEP_WS(key_or_end);
key: /* after ',' in an object */
    e = KINF__X_KEY;
    if (i >= n) { goto out; }
    if (p[i] != '"') { KINF__DEEP_WS(key); }
key_token:
    KINF__DEEP_STRING();
colon:
    e = KINF__X_COLON;
    if (i >= n) { goto out; }
    if (p[i] != ':') { KINF__DEEP_WS(colon); }
    i++;
value:
    e = KINF__X_VALUE;
    if (i >= n) { goto out; }
value_token:
    c = p[i];
    if (c == '"') { /* most values */
        KINF__DEEP_STRING();
        goto comma_or_end;
    }
    switch (kinf__cclass[c]) {
    case KINF__C_OPEN:
        if (d + 1 >= KINF_MAX_DEPTH) { goto out; }
        if (i + 1 < n && p[i + 1] == c + 2) { i += 2; goto comma_or_end; } /* {} or [] (fieldsV1's leaves): nothing inside to track */
        d++; i++;
        in_arr = c == '[';
        if (d < 8) { s->ids[d] = in_arr ? (uint8_t)KINF__K_ARRAY : (uint8_t)KINF__K_OTHER; }
        s->arr[d] = (uint8_t)in_arr;
        if (in_arr) { goto value_or_end; }
        goto key_or_end;
    case KINF__C_LIT: {
        size_t k = c == 'f' ? 5u : 4u;
        if (i + k >= n || memcmp(p + i, c == 't' ? "true" : c == 'f' ? "false" : "null", k)) { goto out; } /* as the byte machine: the next byte must be here */
        i += k;
        goto comma_or_end;
    }
    case KINF__C_NUM: {
        uint8_t st = kinf__num_start(c);
        j = i + 1;
        if (st == KINF__N_INT) { while (j < n && (uint8_t)(p[j] - '0') < 10) { j++; } } /* an integer's digits; the grammar goes on from there */
        for (; j < n; j++) {
            uint8_t nx = kinf__num_next(st, p[j]);
            if (!nx) { break; }
            st = nx;
        }
        if (j >= n || !kinf__num_accepts(st)) { goto out; }
        i = j;
        goto comma_or_end;
    }
    case KINF__C_WS:
        KINF__DEEP_WS(value_again);
    default:
        goto out;
    }
value_again: /* after whitespace where a value goes: e is already set */
    if (i >= n) { goto out; }
    goto value_token;
value_or_end: /* after '[' */
    e = KINF__X_VALUE_OR_END;
    if (i >= n) { goto out; }
    if (p[i] == ']') { goto close; }
    if (kinf__cclass[p[i]] == KINF__C_WS) { KINF__DEEP_WS(value_or_end); }
    goto value_token;
comma_or_end: /* after a value */
    e = KINF__X_COMMA_OR_END;
    if (i >= n) { goto out; }
    c = p[i];
    if (c == ',') {
        i++;
        if (in_arr) { goto value; }
        if (i < n && p[i] == '"') { e = KINF__X_KEY; goto key_token; }
        goto key;
    }
    if (c != '}' && c != ']') { KINF__DEEP_WS(comma_or_end); }
close: /* p[i] closes the container at depth d; e allows it there */
    c = p[i];
    if (d <= dmin || in_arr != (c == ']')) { goto out; }
    d--; in_arr = kinf__scan_is_arr(s, d); i++;
    goto comma_or_end;
out:
    s->depth = d; s->expect = e;
    return i;
#undef KINF__DEEP_STRING
#undef KINF__DEEP_WS
}


/* Feeds bytes; returns how many were consumed. Stops after a completed record
   (s->rec_done set) so the caller can process it, or at an error (s->err: 1
   malformed, 2 too deep). Validates the whole JSON grammar, so a record that
   reaches the event buffer is valid JSON. Record bytes are copied in runs. */
/* Copies p[*span..upto) into the open record, when one is being kept and
   has room (else the record is marked too large), and moves *span to upto.
   Inside a dropped member nothing is copied. */
KINF__SCAN_INLINE void kinf__scan_flush(kinf__scan* s, const uint8_t* p, size_t* span, size_t upto) {
    if (s->rec_base && !s->rec_over && !s->drop && upto > *span) {
        size_t k = upto - *span;
        if (k > s->ev_cap - s->ev_len) { s->rec_over = 1; }
        else { memcpy(s->ev + s->ev_len, p + *span, k); s->ev_len += k; }
    }
    *span = upto;
}
/* An error at p[i]: what came before it goes into the record; the feed stops at i. */
KINF__SCAN_INLINE size_t kinf__scan_fail(kinf__scan* s, const uint8_t* p, size_t* span, size_t i, int e) {
    s->err = (uint8_t)e;
    kinf__scan_flush(s, p, span, i);
    return i;
}
/* A member projection drops (a string or container opening at p[i - 1]):
   "null" takes its place in the record, and its bytes go through the same
   grammar as any other (the fast loop and the byte machine) without being
   copied, up to kinf__scan_drop_end. In a watch event only once the type
   says it holds an object, not a Status. */
KINF__SCAN_INLINE void kinf__scan_drop_begin(kinf__scan* s, const uint8_t* p, size_t* span, size_t i, int mt_last) {
    if (mt_last < 0 || !s->mt[mt_last].skip) { return; }
    if (!s->list_mode && !(s->cset[KINF__CAP_TYPE] && (s->cbuf[KINF__CAP_TYPE][0] == 'A' || s->cbuf[KINF__CAP_TYPE][0] == 'M' || s->cbuf[KINF__CAP_TYPE][0] == 'D'))) {
        return;
    }
    kinf__scan_flush(s, p, span, i - 1);
    if (!s->rec_over) {
        if (s->ev_cap - s->ev_len >= 4) { s->mt[mt_last].vs = (uint32_t)s->ev_len; memcpy(s->ev + s->ev_len, "null", 4); s->ev_len += 4; }
        else { s->rec_over = 1; }
    }
    s->drop = s->depth + 1; s->drop_ws = s->ws; s->cap = -1;
    *span = i;
}
/* The value a drop began with has ended at p[i - 1] (the scanner is back at
   the depth it began at): the record goes on from p[i]. */
KINF__SCAN_INLINE void kinf__scan_drop_end(kinf__scan* s, size_t* span, size_t i) {
    if (s->drop && s->depth < s->drop) { s->drop = 0; s->ws = s->drop_ws; *span = i; }
}
static size_t kinf__scan_feed(kinf__scan* s, const uint8_t* p, size_t n) {
    size_t i = 0, span = 0; /* p[span..i) is still to be copied into the record */
    int mt_last = -1;
    int dmin = s->list_mode ? 5 : 4; /* below the member table's levels and the captures */
#define KINF__POS(x) (s->ev_len + ((x) - span))
#define KINF__MT_VALUE() do { mt_last = kinf__scan_mt_value(s, (uint32_t)KINF__POS(i - 1)); } while (0)
    while (i < n) {
        uint8_t c;
        if (s->st == KINF__S_NONE && s->rec_base) {
            int dfast = (s->whole && s->whole < dmin) ? s->whole : dmin;
            if (s->drop && s->drop < dfast) { dfast = s->drop; }
            if (s->depth >= dfast) {
                i = kinf__scan_deep(s, p, i, n, dfast);
                if (i >= n) { break; }
            }
#ifndef __OPTIMIZE_SIZE__ /* -Os: the byte machine does it, in less code */
            else if (p[i] == '"') {
                /* a key or a string value at the levels of the member table
                   and the captures, whole in the buffer and without escapes:
                   taken at once, doing what the byte machine does at its
                   quotes (the rest goes to the byte machine) */
                size_t j = kinf__str_run(p, i + 1, n, 1), k = j - i - 1;
                if (j + 1 < n && p[j] == '"') {
                    if ((s->expect == KINF__X_KEY || s->expect == KINF__X_KEY_OR_END) && p[j + 1] == ':') {
                        s->is_key = 1; s->cap = -1; s->kover = 0;
                        kinf__scan_key_open(s, (uint32_t)KINF__POS(i + 1));
                        if (k > sizeof(s->kbuf)) { s->kover = 1; k = sizeof(s->kbuf); }
                        memcpy(s->kbuf, p + i + 1, k); s->klen = (uint8_t)k;
                        kinf__scan_key_close(s, (uint32_t)KINF__POS(j));
                        s->expect = KINF__X_VALUE;
                        i = j + 2;
                        continue;
                    }
                    if ((s->expect == KINF__X_VALUE || s->expect == KINF__X_VALUE_OR_END) &&
                        !(s->mt_key >= 0 && s->mt[s->mt_key].skip)) {
                        s->is_key = 0; kinf__scan_value_start(s);
                        (void)kinf__scan_mt_value(s, (uint32_t)KINF__POS(i));
                        if (s->cap >= 0) { kinf__scan_cap_run(s, p + i + 1, k); }
                        i = j + 1;
                        kinf__scan_value_done(s, KINF__POS(i));
                        if (p[i] == ',') { i++; s->expect = kinf__scan_is_arr(s, s->depth) ? KINF__X_VALUE : KINF__X_KEY; }
                        continue;
                    }
                }
            }
#endif
        }
        switch (s->st) {
        case KINF__S_STR: {
            /* the plain bytes of a string, a run at a time: most of an object */
            size_t j = kinf__str_run(p, i, n, 1);
            if (j > i) {
                if (s->is_key) {
                    size_t k = j - i;
                    if (k > sizeof(s->kbuf) - s->klen) { s->kover = 1; k = sizeof(s->kbuf) - s->klen; }
                    memcpy(s->kbuf + s->klen, p + i, k); s->klen = (uint8_t)(s->klen + k);
                } else if (s->cap >= 0) {
                    kinf__scan_cap_run(s, p + i, j - i);
                }
                i = j;
            }
            if (i >= n) { continue; }
            c = p[i++];
            if (c == '"') {
                s->st = KINF__S_NONE;
                if (s->is_key) {
                    kinf__scan_key_close(s, (uint32_t)KINF__POS(i - 1));
                } else if (s->expect != KINF__X_COLON) {
                    kinf__scan_drop_end(s, &span, i);
                    kinf__scan_value_done(s, KINF__POS(i));
                }
                /* the colon after a key, the comma after a value: mostly next */
                if (i < n) {
                    if (s->expect == KINF__X_COLON && p[i] == ':') { i++; s->expect = KINF__X_VALUE; }
                    else if (s->expect == KINF__X_COMMA_OR_END && p[i] == ',') {
                        i++; s->expect = kinf__scan_is_arr(s, s->depth) ? KINF__X_VALUE : KINF__X_KEY;
                    }
                }
                continue;
            }
            if (c < 0x20) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (c == '\\') { s->st = KINF__S_ESC; }
            if (s->is_key) { if (s->klen < sizeof(s->kbuf)) { s->kbuf[s->klen++] = (char)c; } else { s->kover = 1; } }
            else if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
            continue;
        }
        case KINF__S_ESC:
            c = p[i++];
            if (c == 'u') { s->st = KINF__S_UHEX; s->sub = 4; }
            else if (kinf__is_json_escape(c)) { s->st = KINF__S_STR; }
            else { return kinf__scan_fail(s, p, &span, i, 1); }
            if (s->is_key) { if (s->klen < sizeof(s->kbuf)) { s->kbuf[s->klen++] = (char)c; } else { s->kover = 1; } }
            else if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
            continue;
        case KINF__S_UHEX:
            c = p[i++];
            if (!kinf__is_hex(c)) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (--s->sub == 0) { s->st = KINF__S_STR; }
            if (s->is_key) { if (s->klen < sizeof(s->kbuf)) { s->kbuf[s->klen++] = (char)c; } else { s->kover = 1; } }
            else if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
            continue;
        case KINF__S_NUM: {
            uint8_t nx;
            c = p[i];
            nx = kinf__num_next(s->sub, c);
            if (nx) { s->sub = nx; if (s->cap >= 0) { kinf__scan_capc(s, (char)c); } i++; continue; }
            if (!kinf__num_accepts(s->sub)) { return kinf__scan_fail(s, p, &span, i, 1); }
            s->st = KINF__S_NONE;
            kinf__scan_value_done(s, KINF__POS(i));
            break; /* c is not consumed: it is structural or an error */
        }
        case KINF__S_LIT:
            c = p[i];
            if (s->lit[s->sub]) {
                if (c != (uint8_t)s->lit[s->sub]) { return kinf__scan_fail(s, p, &span, i, 1); }
                s->sub++;
                if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
                i++;
                continue;
            }
            s->st = KINF__S_NONE;
            kinf__scan_value_done(s, KINF__POS(i));
            break;
        default:
            break;
        }
        c = p[i++];
        switch (c) {
        case ' ': case '\t': case '\r': case '\n':
            if (s->rec_base) { s->ws = 1; }
            break;
        case '{': case '[': {
            int d;
            if (s->expect != KINF__X_VALUE && s->expect != KINF__X_VALUE_OR_END && s->expect != KINF__X_ROOT) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (s->expect == KINF__X_ROOT && (s->root_done || c != '{')) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (s->depth + 1 >= KINF_MAX_DEPTH) { return kinf__scan_fail(s, p, &span, i, 2); }
            s->cap = -1; /* a capture path holding a container: not captured */
            if (!s->rec_base && c == '{' &&
                ((!s->list_mode && s->depth == 0) ||
                 (s->list_mode && s->depth == 2 && kinf__scan_is_arr(s, 2) && s->ids[1] == KINF__K_ITEMS))) {
                s->rec_base = s->depth + 1; s->ev_len = 0; s->rec_over = 0; s->ws = 0;
                s->mt_n = 0; s->mt_over = 0; s->mt_key = -1; s->mt_cur[0] = s->mt_cur[1] = -1;
                s->obj_start = 0; s->obj_end = 0; s->whole = 0; s->drop = 0; s->obj_dup = 0;
                span = i - 1;
                memset(s->cset, 0, KINF__CAP_LIST_RV); memset(s->cover, 0, KINF__CAP_LIST_RV);
                memset(s->clen, 0, sizeof(size_t) * KINF__CAP_LIST_RV);
            } else if (!s->list_mode && s->depth == 1 && c == '{' && s->ids[1] == KINF__K_OBJECT) {
                if (s->obj_start) { s->obj_dup = 1; } /* the members and captures of both would mix */
                s->obj_start = s->ev_len + (i - 1 - span);
            }
            KINF__MT_VALUE();
            kinf__scan_drop_begin(s, p, &span, i, mt_last);
            d = ++s->depth;
            /* a member of the object that projection keeps whole, with no
               rule under it (spec and status, with only the default drop):
               its members need no table entries, so the fast loop takes
               all of it; not metadata, whose members hold the captures */
            if (mt_last >= 0 && !s->drop && s->mt[mt_last].level == 0 && s->mt[mt_last].dec == 1 && s->mt[mt_last].full && !s->mt[mt_last].dm &&
                s->ids[d - 1] != KINF__K_METADATA) {
                s->whole = d;
            }
            s->arr[d] = (uint8_t)(c == '[');
            if (d < 8) { s->ids[d] = (c == '[') ? (uint8_t)KINF__K_ARRAY : (uint8_t)KINF__K_OTHER; }
            s->expect = (c == '{') ? KINF__X_KEY_OR_END : KINF__X_VALUE_OR_END;
            break;
        }
        case '}': case ']': {
            int was_rec;
            if (s->depth == 0 || (kinf__scan_is_arr(s, s->depth) != (c == ']'))) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (s->expect != KINF__X_COMMA_OR_END && s->expect != (c == '}' ? KINF__X_KEY_OR_END : KINF__X_VALUE_OR_END)) { return kinf__scan_fail(s, p, &span, i, 1); }
            was_rec = (s->rec_base && s->depth == s->rec_base);
            if (!s->list_mode && s->depth == 2 && c == '}' && s->ids[1] == KINF__K_OBJECT && s->rec_base) {
                s->obj_end = s->ev_len + (i - span);
            }
            s->depth--;
            if (s->depth < s->whole) { s->whole = 0; }
            kinf__scan_drop_end(s, &span, i);
            kinf__scan_value_done(s, KINF__POS(i));
            if (was_rec) {
                kinf__scan_flush(s, p, &span, i);
                s->rec_base = 0; s->rec_done = 1;
                return i;
            }
            break;
        }
        case ',':
            if (s->expect != KINF__X_COMMA_OR_END) { return kinf__scan_fail(s, p, &span, i, 1); }
            s->expect = kinf__scan_is_arr(s, s->depth) ? KINF__X_VALUE : KINF__X_KEY;
            break;
        case ':':
            if (s->expect != KINF__X_COLON) { return kinf__scan_fail(s, p, &span, i, 1); }
            s->expect = KINF__X_VALUE;
            break;
        case '"':
            if (s->expect == KINF__X_KEY || s->expect == KINF__X_KEY_OR_END) {
                /* key names matter down to depth 4 (a list item's metadata);
                   deeper keys are scanned as plain strings */
                s->is_key = s->depth <= 4; s->klen = 0; s->kover = 0; s->cap = -1;
                if (!s->is_key) { s->expect = KINF__X_COLON; }
                else if (s->rec_base) { kinf__scan_key_open(s, (uint32_t)KINF__POS(i)); }
            } else if (s->expect == KINF__X_VALUE || s->expect == KINF__X_VALUE_OR_END) {
                s->is_key = 0; kinf__scan_value_start(s);
                KINF__MT_VALUE();
                kinf__scan_drop_begin(s, p, &span, i, mt_last);
            } else { return kinf__scan_fail(s, p, &span, i, 1); }
            s->st = KINF__S_STR;
            break;
        default:
            if (s->expect != KINF__X_VALUE && s->expect != KINF__X_VALUE_OR_END) { return kinf__scan_fail(s, p, &span, i, 1); }
            KINF__MT_VALUE();
            if (c == '-' || (c >= '0' && c <= '9')) {
                s->is_key = 0; kinf__scan_value_start(s);
                if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
                s->st = KINF__S_NUM; s->sub = kinf__num_start(c);
            } else if (c == 't' || c == 'f' || c == 'n') {
                s->is_key = 0; kinf__scan_value_start(s);
                if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
                s->st = KINF__S_LIT; s->sub = 1; s->lit = c == 't' ? "true" : c == 'f' ? "false" : "null";
            } else {
                return kinf__scan_fail(s, p, &span, i, 1);
            }
            break;
        }
    }
    kinf__scan_flush(s, p, &span, i);
    return i;
#undef KINF__POS
#undef KINF__MT_VALUE
}

/* >>context  the informer's state, in the caller's memory */
/* A slot's flags. LIVE: in use. KNOWN: the handlers have had its add.
   PENDING: queued in the FIFO. DELETED: a delete waits (FSU: its final state
   is unknown). RECREATED: deleted and created again before the handlers saw
   the delete; old holds the deleted version (FSU_OLD: that delete's final
   state is unknown). SEEN: met by the list under way (apart from the rest).
   The legal states (kinf__slot_legal checks them under KINF_SELFCHECK):
     0                          free: no block
     LIVE KNOWN                 delivered; old is 0
     LIVE PENDING [KNOWN]       a change waits; old, if set, is the version
                                the handlers saw (so KNOWN is set)
     ... + DELETED [FSU]        a delete waits
     ... + RECREATED [FSU_OLD]  with KNOWN and old: the deleted version waits
                                for its delete, cur for its add
   Transitions:
     upsert, new key            free -> LIVE PENDING
     upsert, delivered          LIVE KNOWN -> + PENDING, old = the version seen
     upsert, pending            cur replaced (old kept, or the never-seen cur freed)
     upsert, deleted and KNOWN  DELETED [FSU] -> RECREATED [FSU_OLD], old = the deleted version
     upsert, deleted, not KNOWN DELETED -> the never-seen version is replaced
     delete                     -> DELETED [FSU], PENDING (old freed unless RECREATED)
     dispatch                   RECREATED: delete(old), then as if new (KNOWN cleared);
                                DELETED: [add,] delete, slot freed; else add or
                                update(old, cur) -> LIVE KNOWN */
enum { KINF__F_LIVE = 1, KINF__F_KNOWN = 2, KINF__F_PENDING = 4, KINF__F_DELETED = 8, KINF__F_FSU = 16,
       KINF__F_RECREATED = 32, KINF__F_FSU_OLD = 64, KINF__F_SEEN = 128 /* in the list under way */ };
typedef struct kinf__slot { uint32_t cur, old; int32_t pnext; uint16_t gen; uint8_t flags, ixflags; } kinf__slot;
typedef struct kinf__ixlink { int32_t next, prev; } kinf__ixlink;
typedef struct kinf__index { kinf_index_fn fn; void* user; char name[48]; } kinf__index;
typedef struct kinf__rule { uint8_t nseg; uint8_t len[KINF__MAX_SEGS]; uint16_t off[KINF__MAX_SEGS]; } kinf__rule;
/* The projection rules: what the scanner asks at a key and projection
   follows. Their segments' bytes are in buf. */
typedef struct kinf__rules {
    char buf[2048];
    size_t len;
    kinf__rule keep[KINF_MAX_RULES], drop[KINF_MAX_RULES];
    int nkeep, ndrop;
    uint64_t seglens[2];          /* bit n: some rule's first (second) segment is n bytes long; bit 63: 63 or more */
} kinf__rules;
/* the masks of every keep and every drop rule, and whether all is kept */
static void kinf__rules_all(const kinf__rules* r, uint32_t* km, uint32_t* dm, int* full) {
    *km = r->nkeep >= 32 ? 0xffffffffu : ((1u << r->nkeep) - 1u);
    *dm = r->ndrop >= 32 ? 0xffffffffu : ((1u << r->ndrop) - 1u);
    *full = r->nkeep == 0;
}
typedef char kinf__slot_fits[(sizeof(kinf__slot) <= KINF_SLOT_BYTES) ? 1 : -1];
typedef char kinf__ixlink_fits[(sizeof(kinf__ixlink) <= KINF_INDEX_SLOT_BYTES) ? 1 : -1];
typedef char kinf__tok_fits[(sizeof(jsmntok_t) <= KINF_TOKEN_BYTES) ? 1 : -1];
typedef char kinf__handler_fits[(sizeof(kinf_handler_t) <= KINF_HANDLER_BYTES && sizeof(kinf__index) <= KINF_HANDLER_BYTES) ? 1 : -1];

enum { KINF__PH_IDLE = 0, KINF__PH_LIST, KINF__PH_WATCH, KINF__PH_BACKOFF };
/* The engine's connection: none wanted, a new one wanted (KINF_ENG_CONNECT),
   the request going out (KINF_ENG_SEND), the response coming in (KINF_ENG_RECV). */
typedef enum kinf__conn_state { KINF__C_NONE = 0, KINF__C_WANTED, KINF__C_SEND, KINF__C_RECV } kinf__conn_state;
enum { KINF__RUN_NEW = 0, KINF__RUN_STARTED }; /* started: the first request was made; indexes are fixed */
/* The built-in transport's socket: the addresses resolved, the one being
   tried, and when its connect began. */
typedef struct kinf__sock {
    int fd, connecting, naddr, ai;
    uint8_t counts_bytes;         /* the built-in transport counts socket bytes itself */
#ifndef KINF_ENGINE_ONLY
    struct sockaddr_storage addrs[4];
    socklen_t alens[4];
#endif
    uint64_t t_connect;
} kinf__sock;
enum { KINF__RV_ZERO = 0, KINF__RV_LAST, KINF__RV_UNSET };
enum { KINF__BODY_LIST = 0, KINF__BODY_WATCH, KINF__BODY_STATUS };

struct kinf_informer_t {
    uint32_t magic;
    /* config */
    kinf_logger_t logger;
    char tag[32];
    char host[256];
    char hosthdr[300];
    uint16_t port;
    uint8_t https;
    char path[KINF__MAX_STR];
    char lsel[KINF__MAX_STR], fsel[KINF__MAX_STR];
    char token[KINF_MAX_TOKEN];
    char token_file[512];
    uint64_t token_at;
    int max_objects, max_tokens, fifo_cap, max_handlers, max_indexes, budget, list_limit;
    size_t store_bytes, max_event_bytes;
    int resync_ms, idle_ms, connect_ms, watch_timeout_s;
    uint32_t rng;
    kinf__rules rules;
    /* memory */
    size_t mem_size, mem_layout;
    kinf__slot* slots;
    uint32_t* kb;
    uint32_t kb_n;                /* key buckets */
    kinf__ixlink* ix;
    uint32_t* ixv;                /* the custom indexes' value hash per slot, 0: not linked */
    int32_t* ixb;
    uint32_t ixb_mask;
    kinf__index* idx;
    int nidx;
    kinf_handler_t* handlers;
    int nhandlers;
    jsmntok_t* toks;
    uint8_t* ev;
    uint8_t* arena;
    /* store */
    size_t top, used, peak;
    size_t pf_top, pagesz;        /* prefault_store: the store is faulted in up to pf_top; 0 pagesz: off */
    int nlive, nused;
    int32_t free_head;
    int32_t slot_hi;              /* slots[0..slot_hi) have been used: the rest is untouched memory */
    /* fifo */
    int32_t fh, ft;
    uint32_t flen;
    /* sync and resync */
    int synced, sync_wait;
    uint32_t sync_pops_left;
    uint64_t next_resync;
    /* reflector */
    int phase, req_kind, next_kind, rv_mode, started;
    char last_rv[KINF__MAX_RV];
    char req_rv[KINF__MAX_RV];
    char cont[KINF_MAX_CONTINUE];
    char c_type[16], c_name[KINF__MAX_NAME], c_ns[KINF__MAX_NAME], c_uid[KINF__MAX_UID], c_rv[KINF__MAX_RV], c_lrv[KINF__MAX_RV];
    char c_cont[KINF_MAX_CONTINUE];
    kinf__scan scan;
    /* the engine's side of the connection: what it wants of the transport */
    int cstate;                   /* kinf__conn_state */
    uint8_t conn_open, close_wanted, reusable;
    uint8_t token_due;            /* ask the driver to read the token file again (KINF_ENG_TOKEN) */
    uint32_t token_gen, req_token_gen; /* the token's version, and the one the request was built with */
    uint64_t now;                 /* the time the driver gave the engine last (ms, any epoch) */
    uint32_t responses;           /* responses read to their end */
    uint64_t last_rx, backoff_until, watch_start, healthy_since;
    uint64_t watch_events;
    int backoff_n;
    char wbuf[KINF__WBUF];
    size_t wlen, wpos;
    uint8_t* rbuf;                /* the socket read buffer, rcap bytes (desc.read_bytes) */
    size_t rcap;
    size_t dpos, dend, rend; /* body data in rbuf still to feed; to rend, chunked framing and data not yet decoded (rend is dend otherwise) */
    int body_done, body_mode;
    char head[KINF_MAX_HEAD_BYTES];
    size_t hlen;
    kinf__resp resp;
    kinf__chunked ch;
    int64_t body_left;
    /* errors and stats */
    uint32_t last_error;
    kinf_stats_t st;
    char logbuf[400];
    volatile int stop;
    int dispatching, fatal, listed;
    uint8_t list_nolimit;
    uint8_t own_transport;        /* desc.own_transport: the built-in driver is not used */
    /* the built-in transport (the driver layer): a socket, TLS for https:// */
    kinf__sock sock;
    void* tls;                    /* kinf__tls in caller memory, for https:// */
};
typedef char kinf__fixed_fits[(sizeof(struct kinf_informer_t) + KINF_READ_BYTES + 64 <= KINF_FIXED_BYTES) ? 1 : -1]; /* with the default read buffer */

/* >>log */
/* The messages and the names each as one string of NUL-separated parts, so
   that no table of pointers needs relocating when the program loads. */
#ifndef KINF_NO_LOG_STRINGS
#define KINF_LOGITEM_XMACRO(item, msg) msg "\0"
static const char kinf__log_msgs[] = KINF_LOG_ITEMS;
#undef KINF_LOGITEM_XMACRO
#endif
#define KINF_LOGITEM_XMACRO(item, msg) #item "\0"
static const char kinf__log_names[] = KINF_LOG_ITEMS;
#undef KINF_LOGITEM_XMACRO
/* the item-th part of such a string */
static const char* kinf__log_part(const char* s, uint32_t item) {
    while (item--) { s += strlen(s) + 1; }
    return s;
}

static void kinf__log2(const kinf_logger_t* lg, const char* tag, uint32_t level, uint32_t item, uint32_t line,
                       char* buf, size_t cap, const char* d1, const char* d2) {
    size_t o = 0, n;
    const char* parts[4];
    int i;
    if (!lg || !lg->func) { return; }
#ifndef KINF_NO_LOG_STRINGS
    parts[0] = kinf__log_part(kinf__log_msgs, item); parts[1] = d1 ? ": " : 0;
#else
    parts[0] = 0; parts[1] = 0; /* the details alone */
#endif
    parts[2] = d1; parts[3] = d2;
    for (i = 0; i < 4; i++) {
        if (!parts[i]) { continue; }
        n = strlen(parts[i]);
        if (n > cap - 1 - o) { n = cap - 1 - o; }
        memcpy(buf + o, parts[i], n); o += n;
    }
    buf[o] = 0;
#ifndef KINF_NO_LOG_STRINGS
    lg->func(tag, level, item, buf, line, __FILE__, lg->user);
#else
    lg->func(tag, level, item, buf, line, 0, lg->user);
#endif
}
static void kinf__log(kinf_informer_t* inf, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    if (level <= KINF_LOG_ERROR) { inf->last_error = item; inf->st.errors++; }
    kinf__log2(&inf->logger, inf->tag, level, item, line, inf->logbuf, sizeof(inf->logbuf), d1, d2);
}
#define KINF__ERR(inf, item, d1, d2) kinf__log((inf), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__WARN(inf, item, d1, d2) kinf__log((inf), KINF_LOG_WARN, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__INFO(inf, item, d1, d2) kinf__log((inf), KINF_LOG_INFO, KINF_LOGITEM_##item, (d1), (d2), __LINE__)

/* >>project  Rewrites an object as compact JSON holding only the kept paths,
   in one pass over its bytes, in place: every output byte lands at or before
   the input byte it comes from, so the event buffer doubles as the output.
   Dropped subtrees are skipped without being looked at beyond their
   brackets and strings; kept subtrees with no drop rule under them are
   copied as runs. The scanner has validated the grammar already. */
typedef struct kinf__pj {
    uint8_t* b;
    size_t i, e, o;
    int ws, err;
    const kinf__rules* rules;
    const kinf__scan* sc;         /* its member table */
} kinf__pj;

static void kinf__pj_c(kinf__pj* q, char c) { q->b[q->o++] = (uint8_t)c; }
static void kinf__pj_ws(kinf__pj* q) {
    if (q->ws) { while (q->i < q->e && (q->b[q->i] == ' ' || q->b[q->i] == '\t' || q->b[q->i] == '\n' || q->b[q->i] == '\r')) { q->i++; } }
}
static void kinf__pj_skip_str(kinf__pj* q) { /* at the opening quote */
    const uint8_t* b = q->b;
    size_t i = q->i + 1, e = q->e;
    for (;;) {
        i = kinf__str_run(b, i, e, 0);
        if (i >= e) { break; }
        if (b[i] == '"') { q->i = i + 1; return; }
        i += 2; /* an escape */
    }
    q->i = e; q->err = 1;
}
static void kinf__pj_skip(kinf__pj* q) { /* one value */
    const uint8_t* b = q->b;
    uint8_t c;
    if (q->i >= q->e) { q->err = 1; return; }
    c = b[q->i];
    if (c == '"') { kinf__pj_skip_str(q); return; }
    if (c == '{' || c == '[') {
        int d = 0;
        while (q->i < q->e) {
            c = b[q->i];
            if (c == '"') { kinf__pj_skip_str(q); continue; }
            q->i++;
            if (c == '{' || c == '[') { d++; }
            else if ((c == '}' || c == ']') && --d == 0) { return; }
        }
        q->err = 1;
        return;
    }
    while (q->i < q->e) {
        c = b[q->i];
        if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r') { break; }
        q->i++;
    }
}
static void kinf__pj_copy(kinf__pj* q) { /* one value, compact */
    size_t s0 = q->i;
    int d = 0;
    if (!q->ws) {
        kinf__pj_skip(q);
        if (q->o != s0) { memmove(q->b + q->o, q->b + s0, q->i - s0); }
        q->o += q->i - s0;
        return;
    }
    for (;;) {
        uint8_t c;
        if (q->i >= q->e) { if (d) { q->err = 1; } return; }
        c = q->b[q->i];
        if (c == '"') {
            size_t a = q->i;
            kinf__pj_skip_str(q);
            memmove(q->b + q->o, q->b + a, q->i - a);
            q->o += q->i - a;
            if (d == 0) { return; }
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { q->i++; continue; }
        if (d == 0 && (c == ',' || c == '}' || c == ']')) { return; }
        q->b[q->o++] = c;
        q->i++;
        if (c == '{' || c == '[') { d++; }
        else if ((c == '}' || c == ']') && --d == 0) { return; }
    }
}
/* the position of the one set bit of x */
static int kinf__bit_index(uint32_t x) {
#if defined(__GNUC__)
    return __builtin_ctz(x);
#else
    int r = 0;
    while (!(x & 1u)) { x >>= 1; r++; }
    return r;
#endif
}
static int kinf__seg_eq(const kinf__rules* rs, const kinf__rule* r, int seg, const uint8_t* k, size_t kn) {
    return seg < r->nseg && r->len[seg] == kn && !memcmp(rs->buf + r->off[seg], k, kn);
}
/* Keep, drop or descend into member ks[0..kn) at path depth seg: returns 1
   to skip it, else sets the child's keep and drop rule masks and fullness. */
static int kinf__pj_decide(const kinf__rules* rs, const uint8_t* k, size_t kn, int seg, uint32_t km, uint32_t dm, int full,
                           uint32_t* km2, uint32_t* dm2, int* cfull) {
    *km2 = 0; *dm2 = 0; *cfull = full;
    while (dm) { /* each rule still on this path, lowest bit first */
        uint32_t bit = dm & (0u - dm);
        const kinf__rule* r = &rs->drop[kinf__bit_index(bit)];
        dm ^= bit;
        if (kinf__seg_eq(rs, r, seg, k, kn)) {
            if (r->nseg == seg + 1) { return 1; }
            *dm2 |= bit;
        }
    }
    if (!full) {
        while (km) {
            uint32_t bit = km & (0u - km);
            const kinf__rule* r = &rs->keep[kinf__bit_index(bit)];
            km ^= bit;
            if (kinf__seg_eq(rs, r, seg, k, kn)) {
                if (r->nseg == seg + 1) { *cfull = 1; } else { *km2 |= bit; }
            }
        }
        if (!*cfull && !*km2) { return 1; }
    }
    if (*cfull) { *km2 = 0; }
    return 0;
}
/* the scanner asks, at a member's key, whether projection will drop it */
static int kinf__scan_decide(kinf__scan* s, kinf__member* m) {
    const kinf__rules* rs = s->rules;
    uint32_t km, dm, km2, dm2;
    int full, cfull, skip;
    uint8_t id;
    if (!rs) { return 0; }
    if (m->level == 0) {
        kinf__rules_all(rs, &km, &dm, &full);
    } else {
        const kinf__member* pm = &s->mt[m->parent];
        /* a parent with no decision (its key did not fit the key buffer): its
           masks are not set, so the child is not decided either; it is kept
           by the scanner and projection decides from the bytes */
        if (!pm->dec) { return 0; }
        km = pm->km; dm = pm->dm; full = pm->full;
    }
    if (full && !dm) { m->km = 0; m->dm = 0; m->full = 1; m->dec = 1; return 0; } /* kept whole */
    if (!((rs->seglens[m->level] >> (s->klen < 63 ? s->klen : 63)) & 1u)) {
        /* no rule has a segment of this length here: none matches, as
           kinf__pj_decide would find */
        km2 = 0; dm2 = 0; cfull = full; skip = !full;
    } else {
        skip = kinf__pj_decide(rs, (const uint8_t*)s->kbuf, s->klen, m->level, km, dm, full, &km2, &dm2, &cfull);
    }
    m->km = km2; m->dm = dm2; m->full = (uint8_t)cfull; m->dec = (uint8_t)(skip ? 2 : 1);
    /* identity must still be captured, whatever the rules say */
    id = s->ids[s->depth]; /* the key's id, set just before */
    if ((m->level == 0 && id == KINF__K_METADATA) ||
        (m->level == 1 && (id == KINF__K_NAME || id == KINF__K_NAMESPACE || id == KINF__K_UID || id == KINF__K_RV))) { return 0; }
    return skip;
}
static void kinf__pj_val(kinf__pj* q, int seg, uint32_t km, uint32_t dm, int full) {
    uint8_t c;
    int first = 1;
    if (q->err) { return; }
    if (full && !dm) { kinf__pj_copy(q); return; }
    if (q->i >= q->e) { q->err = 1; return; }
    c = q->b[q->i];
    if (c == '{') {
        kinf__pj_c(q, '{');
        q->i++;
        for (;;) {
            size_t ks, kn;
            uint32_t km2, dm2;
            int cfull;
            kinf__pj_ws(q);
            if (q->i >= q->e) { q->err = 1; return; }
            if (q->b[q->i] == '}') { q->i++; break; }
            if (q->b[q->i] == ',') { q->i++; kinf__pj_ws(q); }
            ks = q->i + 1;
            kinf__pj_skip_str(q);
            if (q->err) { return; }
            kn = q->i - 1 - ks;
            kinf__pj_ws(q);
            if (q->i >= q->e || q->b[q->i] != ':') { q->err = 1; return; }
            q->i++;
            kinf__pj_ws(q);
            if (kinf__pj_decide(q->rules, q->b + ks, kn, seg, km, dm, full, &km2, &dm2, &cfull)) { kinf__pj_skip(q); continue; }
            if (!first) { kinf__pj_c(q, ','); }
            first = 0;
            kinf__pj_c(q, '"');
            memmove(q->b + q->o, q->b + ks, kn);
            q->o += kn;
            kinf__pj_c(q, '"');
            kinf__pj_c(q, ':');
            kinf__pj_val(q, seg + 1, km2, dm2, cfull);
            if (q->err) { return; }
        }
        kinf__pj_c(q, '}');
        return;
    }
    if (c == '[') {
        kinf__pj_c(q, '[');
        q->i++;
        for (;;) {
            kinf__pj_ws(q);
            if (q->i >= q->e) { q->err = 1; return; }
            if (q->b[q->i] == ']') { q->i++; break; }
            if (q->b[q->i] == ',') { q->i++; kinf__pj_ws(q); }
            if (!full && q->b[q->i] != '{') { kinf__pj_skip(q); continue; }
            if (!first) { kinf__pj_c(q, ','); }
            first = 0;
            kinf__pj_val(q, seg, km, dm, full);
            if (q->err) { return; }
        }
        kinf__pj_c(q, ']');
        return;
    }
    kinf__pj_copy(q); /* a scalar where a path goes on: kept whole */
}
/* One member value [vs, ve): copied as a run, projected from the member
   table (level-0 objects), or walked. */
static void kinf__pj_tobj(kinf__pj* q, int level, int parent, int seg, uint32_t km, uint32_t dm, int full);
static void kinf__pj_span(kinf__pj* q, int e, int seg, uint32_t km, uint32_t dm, int full) {
    const kinf__member* m = &q->sc->mt[e];
    size_t end = q->e;
    if (full && !dm && !q->ws) {
        memmove(q->b + q->o, q->b + m->vs, m->ve - m->vs);
        q->o += m->ve - m->vs;
        return;
    }
    /* a level-0 object with rules under it, from its members' entries (one
       kept whole may have none: the scanner's fast loop took it) */
    if (m->level == 0 && q->b[m->vs] == '{' && !(full && !dm)) { kinf__pj_tobj(q, 1, e, seg, km, dm, full); return; }
    q->i = m->vs; q->e = m->ve;
    kinf__pj_val(q, seg, km, dm, full);
    q->e = end;
}
static void kinf__pj_tobj(kinf__pj* q, int level, int parent, int seg, uint32_t km, uint32_t dm, int full) {
    const kinf__scan* sc = q->sc;
    int e = level ? parent + 1 : 0, first = 1;
    kinf__pj_c(q, '{');
    for (; e < sc->mt_n && !q->err; e++) {
        const kinf__member* m = &sc->mt[e];
        uint32_t km2, dm2;
        int cfull;
        if (m->level != level) { if (level == 1) { break; } continue; }
        if (level == 1 && m->parent != parent) { break; }
        if (m->ve <= m->vs) { continue; }
        if (m->dec) { /* decided while scanning, with the same masks */
            if (m->dec == 2) { continue; }
            km2 = m->km; dm2 = m->dm; cfull = m->full;
        } else if (kinf__pj_decide(q->rules, q->b + m->ks, m->ke - m->ks, seg, km, dm, full, &km2, &dm2, &cfull)) { continue; }
        if (!first) { kinf__pj_c(q, ','); }
        first = 0;
        kinf__pj_c(q, '"');
        memmove(q->b + q->o, q->b + m->ks, m->ke - m->ks);
        q->o += m->ke - m->ks;
        kinf__pj_c(q, '"');
        kinf__pj_c(q, ':');
        kinf__pj_span(q, e, seg + 1, km2, dm2, cfull);
    }
    kinf__pj_c(q, '}');
}
/* Projects the object at inf->ev[start..end) into inf->ev[0..); returns the
   length, or -1 if it is not an object. */
static long kinf__project(kinf_informer_t* inf, size_t start, size_t end) {
    kinf__pj q;
    uint32_t km, dm;
    int full;
    kinf__rules_all(&inf->rules, &km, &dm, &full);
    q.b = inf->ev; q.i = start; q.e = end; q.o = 0; q.ws = inf->scan.ws; q.err = 0; q.rules = &inf->rules; q.sc = &inf->scan;
    kinf__pj_ws(&q);
    if (q.i >= q.e || q.b[q.i] != '{') { return -1; }
#ifndef KINF_NO_MEMBER_TABLE /* testing: walk every object */
    if (!inf->scan.mt_over && !inf->scan.rec_over) { kinf__pj_tobj(&q, 0, -1, 0, km, dm, full); }
    else
#endif
    {
        kinf__pj_val(&q, 0, km, dm, full);
    }
    if (q.err) { return -1; }
    return (long)q.o;
}

/* >>store arena  Object data lives in one arena, compacted when holes block an
   allocation; a block's owner field lets compaction fix the slot's reference. */
#define KINF__FREE_OWNER 0xffffffffu
static kinf__blk* kinf__blk_at(const kinf_informer_t* inf, uint32_t ref) { return (kinf__blk*)(void*)(inf->arena + ref - 1u); }
static void kinf__arena_compact(kinf_informer_t* inf) {
    size_t r = 0, w = 0;
    while (r < inf->top) {
        const kinf__blk* b = (const kinf__blk*)(const void*)(inf->arena + r);
        uint32_t sz = b->size, owner = b->owner; /* read before the move may overwrite them */
        if (owner != KINF__FREE_OWNER) {
            kinf__slot* s = &inf->slots[owner >> 1];
            if (w != r) { memmove(inf->arena + w, inf->arena + r, sz); }
            if (owner & 1u) { s->old = (uint32_t)w + 1u; } else { s->cur = (uint32_t)w + 1u; }
            w += sz;
        }
        r += sz;
    }
    inf->top = w;
}
/* desc.prefault_store: the whole pages from pf_top to a little ahead of
   the top are faulted in with one call (MADV_POPULATE_WRITE, which glibc's
   and musl's posix_madvise pass on to the kernel as they do any advice but
   POSIX_MADV_DONTNEED). A refusal (an older kernel) turns it off. */
#ifndef KINF__PF_DIV
#define KINF__PF_DIV 256u
#endif
#ifndef KINF__PF_MIN
#define KINF__PF_MIN (64u << 10)
#endif
#ifndef KINF__PF_MAX
#define KINF__PF_MAX (1u << 20)
#endif
#if defined(MADV_POPULATE_WRITE)
#define KINF__POPULATE_WRITE MADV_POPULATE_WRITE
#else
#define KINF__POPULATE_WRITE 23 /* Linux 5.14 */
#endif
static void kinf__prefault(kinf_informer_t* inf) {
#if defined(__linux__) && !defined(KINF_ENGINE_ONLY)
    size_t ahead = inf->used / KINF__PF_DIV, end;
    uintptr_t a, b, m = (uintptr_t)inf->pagesz - 1u;
    if (ahead < (size_t)KINF__PF_MIN) { ahead = (size_t)KINF__PF_MIN; }
    if (ahead > (size_t)KINF__PF_MAX) { ahead = (size_t)KINF__PF_MAX; }
    if (ahead < inf->pagesz) { ahead = inf->pagesz; }
    end = inf->store_bytes - inf->top > ahead ? inf->top + ahead : inf->store_bytes;
    a = (uintptr_t)(inf->arena + inf->pf_top) & ~m;   /* a page begun is faulted again, which costs nothing */
    b = (uintptr_t)(inf->arena + end) & ~m;           /* the store's last part page is left to a fault */
    if (b <= a) { if (end == inf->store_bytes) { inf->pf_top = end; } return; } /* at the store's end: done */
    if (posix_madvise((void*)a, (size_t)(b - a), KINF__POPULATE_WRITE) != 0) { inf->pagesz = 0; return; }
    inf->pf_top = (size_t)(b - (uintptr_t)inf->arena);
#else
    inf->pagesz = 0;
#endif
}
static uint32_t kinf__arena_alloc(kinf_informer_t* inf, size_t need) {
    uint32_t ref;
    need = (need + 3u) & ~(size_t)3u;
    if (inf->top + need > inf->store_bytes) {
        if (inf->used + need > inf->store_bytes) { return 0; }
        kinf__arena_compact(inf);
    }
    KINF_ASSERT(inf->top + need <= inf->store_bytes);
    ref = (uint32_t)inf->top + 1u;
    inf->top += need;
    inf->used += need;
    if (inf->used > inf->peak) { inf->peak = inf->used; }
    if (inf->top > inf->pf_top && inf->pagesz) { kinf__prefault(inf); }
    kinf__blk_at(inf, ref)->size = (uint32_t)need;
    kinf__blk_at(inf, ref)->owner = KINF__FREE_OWNER;
    return ref;
}
static void kinf__arena_free(kinf_informer_t* inf, uint32_t ref) {
    kinf__blk* b;
    if (!ref) { return; }
    b = kinf__blk_at(inf, ref);
    b->owner = KINF__FREE_OWNER;
    inf->used -= b->size;
    if (ref - 1u + b->size == inf->top) { inf->top = ref - 1u; }
}
static uint32_t kinf__blk_make(kinf_informer_t* inf, const char* ns, const char* name, const char* uid,
                               const char* rv, const uint8_t* json, size_t jlen, uint32_t flags) {
    size_t nsl = strlen(ns), nl = strlen(name), ul = strlen(uid), rl = strlen(rv);
    size_t kl = nsl ? nsl + 1 + nl : nl;
    size_t need = kinf__blk_head(kl, nsl, ul, rl) + jlen + 1;
    uint32_t ref = kinf__arena_alloc(inf, need);
    kinf__blk* b;
    char* p;
    if (!ref) { return 0; }
    b = kinf__blk_at(inf, ref);
    b->klen = (uint16_t)kl; b->nslen = (uint8_t)nsl; b->uidlen = (uint8_t)ul; b->rvlen = (uint8_t)rl;
    b->flags = (uint8_t)flags; b->unused = 0;
    b->tail = (uint8_t)(b->size - need);
    p = (char*)(b + 1);
    kinf__key_put(p, ns, nsl, name, nl);
    p += kl; *p++ = 0;
    memcpy(p, ns, nsl); p += nsl; *p++ = 0;
    memcpy(p, uid, ul); p += ul; *p++ = 0;
    memcpy(p, rv, rl); p += rl; *p++ = 0;
    if (jlen) { memmove(p, json, jlen); }
    p[jlen] = 0;
    return ref;
}
static void kinf__store_view(const kinf_informer_t* inf, uint32_t ref, int32_t slot, kinf_object_t* o) {
    const kinf__blk* b = kinf__blk_at(inf, ref);
    const char* p = (const char*)(b + 1);
    o->key = p;
    o->name = b->nslen ? p + b->nslen + 1 : p;
    p += b->klen + 1; o->namespace_ = p;
    p += b->nslen + 1; o->uid = p;
    p += b->uidlen + 1; o->resource_version = p;
    p += b->rvlen + 1; o->json = p;
    o->json_len = b->size - b->tail - 1u - (uint32_t)kinf__blk_head(b->klen, b->nslen, b->uidlen, b->rvlen);
    o->flags = b->flags;
    o->handle.id = slot < 0 ? 0u : (((uint32_t)inf->slots[slot].gen << KINF__SLOT_BITS) | (uint32_t)(slot + 1));
}
static void kinf__set_ref(kinf_informer_t* inf, int32_t s, int which_old, uint32_t ref) {
    if (which_old) { inf->slots[s].old = ref; } else { inf->slots[s].cur = ref; }
    if (ref) { kinf__blk_at(inf, ref)->owner = ((uint32_t)s << 1) | (which_old ? 1u : 0u); }
}

/* KINF_SELFCHECK: after every change, walk the arena and the slots and abort
   on any broken invariant (for tests, fuzzing and soaks; O(store) per call). */
#ifdef KINF_SELFCHECK
/* the slot flags' legal states (the table at the flags) */
static int kinf__slot_legal(unsigned f, int has_old) {
    f &= ~(unsigned)KINF__F_SEEN;
    if (!f) { return !has_old; }
    if (!(f & KINF__F_LIVE)) { return 0; }
    if (!(f & KINF__F_PENDING)) { return f == (KINF__F_LIVE | KINF__F_KNOWN) && !has_old; }
    if ((f & KINF__F_FSU) && !(f & KINF__F_DELETED)) { return 0; }
    if ((f & KINF__F_FSU_OLD) && !(f & KINF__F_RECREATED)) { return 0; }
    if (f & KINF__F_RECREATED) { return has_old && (f & KINF__F_KNOWN); }
    return !has_old || (f & KINF__F_KNOWN);
}
static void kinf__selfcheck(const kinf_informer_t* inf) {
    size_t r = 0, live = 0;
    int32_t s;
    int visible = 0, used = 0;
    while (r < inf->top) {
        const kinf__blk* b = (const kinf__blk*)(const void*)(inf->arena + r);
        KINF_ASSERT(b->size >= sizeof(kinf__blk) && b->size <= inf->top - r && (b->size & 3u) == 0);
        if (b->owner != KINF__FREE_OWNER) {
            const kinf__slot* sl = &inf->slots[b->owner >> 1];
            KINF_ASSERT((b->owner >> 1) < (uint32_t)inf->max_objects);
            KINF_ASSERT(((b->owner & 1u) ? sl->old : sl->cur) == r + 1u);
            live += b->size;
        }
        r += b->size;
    }
    KINF_ASSERT(r == inf->top && live == inf->used && inf->used <= inf->store_bytes);
    KINF_ASSERT(inf->slot_hi >= 0 && inf->slot_hi <= inf->max_objects);
    for (s = 0; s < inf->slot_hi; s++) {
        const kinf__slot* sl = &inf->slots[s];
        if (!(sl->flags & KINF__F_LIVE)) { KINF_ASSERT(!sl->cur && !sl->old); continue; }
        used++;
        KINF_ASSERT(sl->cur != 0);
        KINF_ASSERT(kinf__slot_legal(sl->flags, sl->old != 0));
        if ((sl->flags & (KINF__F_LIVE | KINF__F_DELETED)) == KINF__F_LIVE) { visible++; }
    }
    KINF_ASSERT(used == inf->nused && visible == inf->nlive);
}
#define KINF__SELFCHECK(inf) kinf__selfcheck(inf)
#else
#define KINF__SELFCHECK(inf) ((void)0)
#endif

/* >>store hash  key -> slot, open addressing with linear probing and backward-shift delete */
static const char* kinf__slot_key(const kinf_informer_t* inf, int32_t s, size_t* len) {
    const kinf__blk* b = kinf__blk_at(inf, inf->slots[s].cur);
    *len = b->klen;
    return (const char*)(b + 1);
}
/* A bucket holds the slot in its low KINF__SLOT_BITS and a tag of the key's
   hash (its low bits) above them, so a probe rejects most other keys without
   reading their slot or block; an empty bucket is all ones. The home bucket
   comes from the hash's high bits by a multiply (any bucket count, not only
   powers of two). */
#define KINF__KB_EMPTY 0xffffffffu
#define KINF__KB_SLOT(e) ((int32_t)((e) & ((1u << KINF__SLOT_BITS) - 1u)))
#define KINF__KB_TAG(h) ((h) & ((1u << (32 - KINF__SLOT_BITS)) - 1u))
static uint32_t kinf__kb_home(const kinf_informer_t* inf, uint32_t h) { return (uint32_t)(((uint64_t)h * inf->kb_n) >> 32); }
static uint32_t kinf__kb_next(const kinf_informer_t* inf, uint32_t i) { return i + 1u == inf->kb_n ? 0u : i + 1u; }
static int32_t kinf__hash_find(const kinf_informer_t* inf, const char* key, size_t kl, uint32_t h) {
    uint32_t i = kinf__kb_home(inf, h);
    for (;;) {
        uint32_t e = inf->kb[i];
        if (e == KINF__KB_EMPTY) { return -1; }
        if ((e >> KINF__SLOT_BITS) == KINF__KB_TAG(h)) {
            size_t sl;
            int32_t s = KINF__KB_SLOT(e);
            const char* sk = kinf__slot_key(inf, s, &sl);
            if (sl == kl && !memcmp(sk, key, kl)) { return s; }
        }
        i = kinf__kb_next(inf, i);
    }
}
static void kinf__hash_insert(kinf_informer_t* inf, int32_t s, uint32_t h) {
    uint32_t i = kinf__kb_home(inf, h);
    while (inf->kb[i] != KINF__KB_EMPTY) { i = kinf__kb_next(inf, i); }
    inf->kb[i] = (KINF__KB_TAG(h) << KINF__SLOT_BITS) | (uint32_t)s;
}
/* the hash of the key of the object in slot s (the slot does not keep it) */
static uint32_t kinf__slot_hash(const kinf_informer_t* inf, int32_t s) {
    size_t kl;
    const char* k = kinf__slot_key(inf, s, &kl);
    return kinf__fnv(k, kl);
}
static void kinf__hash_remove(kinf_informer_t* inf, int32_t s) {
    uint32_t i = kinf__kb_home(inf, kinf__slot_hash(inf, s)), j;
    while (KINF__KB_SLOT(inf->kb[i]) != s) { i = kinf__kb_next(inf, i); }
    j = i;
    for (;;) {
        uint32_t home;
        j = kinf__kb_next(inf, j);
        if (inf->kb[j] == KINF__KB_EMPTY) { break; }
        home = kinf__kb_home(inf, kinf__slot_hash(inf, KINF__KB_SLOT(inf->kb[j])));
        /* move kb[j] back into the hole at i unless its home lies cyclically in (i, j] */
        if ((j > i && (home <= i || home > j)) || (j < i && (home <= i && home > j))) {
            inf->kb[i] = inf->kb[j];
            i = j;
        }
    }
    inf->kb[i] = KINF__KB_EMPTY;
}

/* >>store index */
static kinf__ixlink* kinf__ixl(kinf_informer_t* inf, int x, int32_t s) { return &inf->ix[(size_t)x * (size_t)inf->max_objects + (size_t)s]; }
static int32_t* kinf__ixhead(kinf_informer_t* inf, int x, uint32_t vh) { return &inf->ixb[(size_t)x * (inf->ixb_mask + 1u) + (vh & inf->ixb_mask)]; }
static int kinf__index_value(kinf_informer_t* inf, int x, const kinf_object_t* o, char* buf, size_t cap) {
    if (x == 0) { kinf__strlcpy(buf, o->namespace_, cap); return 1; }
    return inf->idx[x].fn(o, buf, cap, inf->idx[x].user) ? (buf[cap - 1] = 0, 1) : 0;
}
/* A custom index keeps each link's value hash; the namespace index does not:
   a key's namespace never changes, so its hash is that of the key's prefix,
   and the slot's KINF__SL_NS_LINKED bit says whether it is linked. */
enum { KINF__SL_NS_LINKED = 1 }; /* in kinf__slot.ixflags */
static uint32_t* kinf__ixvh(kinf_informer_t* inf, int x, int32_t s) { return &inf->ixv[(size_t)(x - 1) * (size_t)inf->max_objects + (size_t)s]; }
static uint32_t kinf__ns_hash(const kinf_informer_t* inf, int32_t s) {
    const kinf__blk* b = kinf__blk_at(inf, inf->slots[s].cur);
    return kinf__fnv((const char*)(b + 1), b->nslen);
}
static void kinf__index_remove(kinf_informer_t* inf, int32_t s) {
    int x;
    for (x = 0; x < inf->nidx; x++) {
        kinf__ixlink* l = kinf__ixl(inf, x, s);
        uint32_t vh;
        if (x == 0) {
            if (!(inf->slots[s].ixflags & KINF__SL_NS_LINKED)) { continue; }
            vh = kinf__ns_hash(inf, s);
            inf->slots[s].ixflags &= (uint8_t)~KINF__SL_NS_LINKED;
        } else {
            uint32_t* v = kinf__ixvh(inf, x, s);
            if (!*v) { continue; }
            vh = *v; *v = 0;
        }
        if (l->prev >= 0) { kinf__ixl(inf, x, l->prev)->next = l->next; } else { *kinf__ixhead(inf, x, vh) = l->next; }
        if (l->next >= 0) { kinf__ixl(inf, x, l->next)->prev = l->prev; }
        l->next = l->prev = -1;
    }
}
static void kinf__index_add(kinf_informer_t* inf, int32_t s) {
    int x;
    kinf_object_t o;
    char v[256];
    kinf__store_view(inf, inf->slots[s].cur, s, &o);
    for (x = 0; x < inf->nidx; x++) {
        kinf__ixlink* l = kinf__ixl(inf, x, s);
        int32_t* head;
        uint32_t vh;
        if (!kinf__index_value(inf, x, &o, v, sizeof(v))) { continue; }
        vh = kinf__fnv(v, strlen(v));
        if (x == 0) { inf->slots[s].ixflags |= KINF__SL_NS_LINKED; }
        else { if (!vh) { vh = 1u; } *kinf__ixvh(inf, x, s) = vh; } /* 0 means not linked */
        head = kinf__ixhead(inf, x, vh);
        l->prev = -1; l->next = *head;
        if (*head >= 0) { kinf__ixl(inf, x, *head)->prev = s; }
        *head = s;
    }
}

/* >>fifo  Keys waiting for delivery, linked through the slots: one entry per
   key however many events it had, so it never holds more than max_objects. */
static void kinf__fifo_push(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    if (sl->flags & KINF__F_PENDING) { return; }
    sl->flags |= KINF__F_PENDING;
    sl->pnext = -1;
    if (inf->ft >= 0) { inf->slots[inf->ft].pnext = s; } else { inf->fh = s; }
    inf->ft = s;
    inf->flen++;
}
static int32_t kinf__fifo_pop(kinf_informer_t* inf) {
    int32_t s = inf->fh;
    if (s < 0) { return -1; }
    inf->fh = inf->slots[s].pnext;
    if (inf->fh < 0) { inf->ft = -1; }
    inf->slots[s].flags &= (uint8_t)~KINF__F_PENDING;
    inf->slots[s].pnext = -1;
    inf->flen--;
    return s;
}

/* >>store operations */
static int32_t kinf__slot_alloc(kinf_informer_t* inf) {
    int32_t s = inf->free_head;
    if (s < 0) {
        /* a slot never used before: its page of the tables is written only now */
        int x;
        if (inf->slot_hi >= inf->max_objects) { return -1; }
        s = inf->slot_hi++;
        memset(&inf->slots[s], 0, sizeof(kinf__slot));
        for (x = 0; x < inf->nidx; x++) {
            kinf__ixlink* l = kinf__ixl(inf, x, s);
            l->next = l->prev = -1;
            if (x) { *kinf__ixvh(inf, x, s) = 0; }
        }
        inf->slots[s].pnext = -1;
    }
    inf->free_head = inf->slots[s].pnext;
    inf->slots[s].pnext = -1;
    inf->slots[s].flags = KINF__F_LIVE;
    inf->slots[s].cur = inf->slots[s].old = 0;
    inf->nused++;
    return s;
}
static void kinf__slot_free(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    kinf__index_remove(inf, s);
    kinf__hash_remove(inf, s);
    kinf__arena_free(inf, sl->cur);
    if (sl->old) { kinf__arena_free(inf, sl->old); }
    sl->cur = sl->old = 0;
    sl->flags = 0;
    sl->gen = (uint16_t)((sl->gen + 1u) & 0xfffu);
    sl->pnext = inf->free_head;
    inf->free_head = s;
    inf->nused--;
}
static int kinf__store_visible(const kinf_informer_t* inf, int32_t s) {
    return (inf->slots[s].flags & (KINF__F_LIVE | KINF__F_DELETED)) == KINF__F_LIVE;
}
/* a new version (block ref) of a key arrives: from the watch or a list */
static void kinf__store_upsert(kinf_informer_t* inf, int32_t s, uint32_t ref, uint32_t h) {
    kinf__slot* sl;
    if (s < 0) {
        s = kinf__slot_alloc(inf);
        if (s < 0) {
            inf->st.dropped++;
            KINF__ERR(inf, STORE_SLOTS_FULL, (const char*)(kinf__blk_at(inf, ref) + 1), 0);
            kinf__arena_free(inf, ref);
            return;
        }
        sl = &inf->slots[s];
        kinf__set_ref(inf, s, 0, ref);
        kinf__hash_insert(inf, s, h);
        inf->nlive++;
    } else {
        sl = &inf->slots[s];
        kinf__index_remove(inf, s);
        if (sl->flags & KINF__F_DELETED) {
            inf->nlive++;
            if (sl->flags & KINF__F_KNOWN) {
                /* deleted, then created again before handlers saw the delete:
                   they get delete(final state) then add(new) */
                if (sl->old) { kinf__arena_free(inf, sl->old); }
                kinf__set_ref(inf, s, 1, sl->cur);
                sl->flags |= KINF__F_RECREATED;
                if (sl->flags & KINF__F_FSU) { sl->flags |= KINF__F_FSU_OLD; }
            } else {
                kinf__arena_free(inf, sl->cur);
            }
            sl->flags &= (uint8_t)~(KINF__F_DELETED | KINF__F_FSU);
        } else if (sl->flags & KINF__F_PENDING) {
            if (sl->old || !(sl->flags & KINF__F_KNOWN)) { kinf__arena_free(inf, sl->cur); }
            else { kinf__set_ref(inf, s, 1, sl->cur); }
        } else {
            kinf__set_ref(inf, s, 1, sl->cur);
        }
        kinf__set_ref(inf, s, 0, ref);
    }
    sl->flags |= KINF__F_SEEN;
    kinf__index_add(inf, s);
    kinf__fifo_push(inf, s);
}
/* a key goes away; ref is its final state, or 0 to keep the last known one */
static void kinf__store_delete(kinf_informer_t* inf, int32_t s, uint32_t ref, int fsu) {
    kinf__slot* sl = &inf->slots[s];
    if (!(sl->flags & KINF__F_DELETED)) {
        inf->nlive--;
        kinf__index_remove(inf, s);
    }
    if (ref) {
        kinf__arena_free(inf, sl->cur);
        kinf__set_ref(inf, s, 0, ref);
    }
    if (sl->old && !(sl->flags & KINF__F_RECREATED)) { kinf__arena_free(inf, sl->old); sl->old = 0; }
    sl->flags |= KINF__F_DELETED;
    if (fsu) { sl->flags |= KINF__F_FSU; } else { sl->flags &= (uint8_t)~KINF__F_FSU; }
    kinf__fifo_push(inf, s);
}

/* >>setup  the descriptor read into the context: URL, path, rules, defaults, layout */
static int kinf__setup_server(kinf_informer_t* inf, const char* url, char* prefix, size_t pcap) {
    const char* p;
    const char* h;
    size_t hl;
    long port = 80;
    if (!strncmp(url, "http://", 7)) { p = url + 7; }
    else if (!strncmp(url, "https://", 8)) { p = url + 8; inf->https = 1; port = 443; }
    else { return 0; }
    if (*p == '[') {
        h = ++p;
        while (*p && *p != ']') { p++; }
        if (*p != ']') { return 0; }
        hl = (size_t)(p - h);
        p++;
    } else {
        h = p;
        while (*p && *p != ':' && *p != '/') { p++; }
        hl = (size_t)(p - h);
    }
    if (hl == 0 || hl >= sizeof(inf->host)) { return 0; }
    memcpy(inf->host, h, hl); inf->host[hl] = 0;
    if (!kinf__visible_ascii(inf->host) || strchr(inf->host, '/') || strchr(inf->host, '@')) { return 0; }
    if (*p == ':') {
        const char* ps = ++p;
        while (*p >= '0' && *p <= '9') { p++; }
        port = (long)kinf__parse_dec(ps, (size_t)(p - ps));
        if (port <= 0 || port > 65535) { return 0; }
    }
    if (*p && *p != '/') { return 0; }
    inf->port = (uint16_t)port;
    if (!kinf__strlcpy(prefix, p, pcap) || !kinf__visible_ascii(prefix) || strchr(prefix, '?') || strchr(prefix, '#')) { return 0; }
    if (hl && prefix[0] && prefix[strlen(prefix) - 1] == '/') { prefix[strlen(prefix) - 1] = 0; }
    {
        char num[21];
        int v6 = strchr(inf->host, ':') != 0;
        int std = (port == (inf->https ? 443 : 80));
        size_t o = 0;
        const char* ns = kinf__utoa(num, (uint64_t)port);
        if (v6) { inf->hosthdr[o++] = '['; }
        memcpy(inf->hosthdr + o, inf->host, hl); o += hl;
        if (v6) { inf->hosthdr[o++] = ']'; }
        if (!std) { inf->hosthdr[o++] = ':'; memcpy(inf->hosthdr + o, ns, strlen(ns)); o += strlen(ns); }
        inf->hosthdr[o] = 0;
    }
    return 1;
}
static int kinf__cat(char* dst, size_t cap, const char* s) {
    size_t o = strlen(dst), n = strlen(s);
    if (o + n >= cap) { return 0; }
    memcpy(dst + o, s, n + 1);
    return 1;
}
/* resource: "pods" (core/v1), "/api/v1/pods", "/apis/G/V/plural" */
static int kinf__setup_path(kinf_informer_t* inf, const char* prefix, const char* res, const char* ns) {
    static const char* cluster_scoped[] = { "nodes", "namespaces", "persistentvolumes", "componentstatuses", 0 };
    char* out = inf->path;
    const char* plural = res;
    size_t cap = sizeof(inf->path), gl = 0;
    int i;
    out[0] = 0;
    if (!kinf__cat(out, cap, prefix)) { return 0; }
    for (i = 0; res[i]; i++) {
        char c = res[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '.' || c == '-' || c == '_')) { return 0; }
    }
    if (res[0] == '/') {
        const char* last = strrchr(res, '/');
        if (strncmp(res, "/api/", 5) != 0 && strncmp(res, "/apis/", 6) != 0) { return 0; }
        plural = last + 1;
        gl = (size_t)(last - res);
        if (!*plural || gl == 0 || strlen(out) + gl >= cap) { return 0; }
        memcpy(out + strlen(out), res, gl);
        out[strlen(prefix) + gl] = 0;
    } else {
        if (strchr(res, '/') || !kinf__cat(out, cap, "/api/v1")) { return 0; }
        for (i = 0; cluster_scoped[i]; i++) { if (!strcmp(res, cluster_scoped[i])) { ns = 0; } }
    }
    if (ns && ns[0]) {
        /* a namespace is a DNS label; anything else could reach the request line */
        for (i = 0; ns[i]; i++) {
            char c = ns[i];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_')) { return 0; }
        }
        if (!kinf__cat(out, cap, "/namespaces/") || !kinf__cat(out, cap, ns)) { return 0; }
    }
    return kinf__cat(out, cap, "/") && kinf__cat(out, cap, plural);
}
static int kinf__setup_rule(kinf__rules* rs, kinf__rule* r, const char* path) {
    const char* p = path;
    size_t seglen = 0;
    memset(r, 0, sizeof(*r));
    if (!path || !*path) { return 0; }
    r->off[0] = (uint16_t)rs->len;
    r->nseg = 1;
    for (; *p; p++) {
        char c = *p;
        if (c == '.') {
            if (seglen == 0 || r->nseg >= KINF__MAX_SEGS) { return 0; }
            r->len[r->nseg - 1] = (uint8_t)seglen;
            r->off[r->nseg] = (uint16_t)rs->len;
            r->nseg++; seglen = 0;
            continue;
        }
        if (c == '\\' && p[1]) { c = *++p; }
        if (rs->len >= sizeof(rs->buf) || seglen >= 255) { return 0; }
        rs->buf[rs->len++] = c;
        seglen++;
    }
    if (seglen == 0) { return 0; }
    r->len[r->nseg - 1] = (uint8_t)seglen;
    for (seglen = 0; seglen < 2 && seglen < r->nseg; seglen++) {
        rs->seglens[seglen] |= (uint64_t)1 << (r->len[seglen] < 63 ? r->len[seglen] : 63);
    }
    return 1;
}

#ifdef KINF_TLS_BEARSSL
static size_t kinf__tls_size(void);
#endif
typedef struct kinf__setup_layout_t { size_t rbuf, slots, kb, ix, ixv, ixb, idx, handlers, toks, ev, arena, tls, total; uint32_t kbn, ixbn; } kinf__setup_layout_t;
/* Applies defaults; *clamped (if given) gets the name of a field that was out of range. */
static kinf_desc_t kinf__setup_defaults_ex(const kinf_desc_t* in, const char** clamped) {
    kinf_desc_t d = *in;
    const char* c = 0;
    if (d.max_objects <= 0) { d.max_objects = KINF_DEFAULT_MAX_OBJECTS; }
    if (d.max_objects > KINF__MAX_OBJECTS) { d.max_objects = KINF__MAX_OBJECTS; c = "max_objects"; }
    if (d.store_bytes == 0) { d.store_bytes = KINF_DEFAULT_STORE_BYTES; }
    if (d.store_bytes > 0xfff00000u) { d.store_bytes = 0xfff00000u; c = "store_bytes"; }
    if (d.max_event_bytes == 0) { d.max_event_bytes = KINF_DEFAULT_EVENT_BYTES; }
    if (d.max_event_bytes < 4096) { d.max_event_bytes = 4096; c = "max_event_bytes"; }
    if (d.max_event_bytes > 0x7ff00000u) { d.max_event_bytes = 0x7ff00000u; c = "max_event_bytes"; }
    if (d.read_bytes == 0) { d.read_bytes = KINF_READ_BYTES; }
    if (d.read_bytes < 256) { d.read_bytes = 256; c = "read_bytes"; }
    if (d.read_bytes > (64u << 20)) { d.read_bytes = 64u << 20; c = "read_bytes"; }
    if (d.max_tokens <= 0) { d.max_tokens = KINF_DEFAULT_TOKENS; } /* jsmn reads Status objects only */
    if (d.max_tokens < 64) { d.max_tokens = 64; if (in->max_tokens > 0) { c = "max_tokens"; } }
    if (d.fifo_capacity > d.max_objects) { c = "fifo_capacity"; }
    if (d.fifo_capacity <= 0 || d.fifo_capacity > d.max_objects) { d.fifo_capacity = d.max_objects; }
    if (d.max_handlers <= 0) { d.max_handlers = KINF_DEFAULT_HANDLERS; }
    if (d.max_handlers > 256) { d.max_handlers = 256; c = "max_handlers"; }
    if (d.max_indexes == 0) { d.max_indexes = KINF_DEFAULT_INDEXES; } /* zero means the default */
    if (d.max_indexes < 0) { d.max_indexes = 0; }       /* negative: no custom index */
    if (d.max_indexes > 16) { d.max_indexes = 16; c = "max_indexes"; }
    if (d.list_limit <= 0) { d.list_limit = 500; }
    if (d.idle_timeout_ms <= 0) { d.idle_timeout_ms = 90000; }
    if (d.connect_timeout_ms <= 0) { d.connect_timeout_ms = 10000; }
    if (d.watch_timeout_s < 0) { d.watch_timeout_s = 0; }
    if (clamped) { *clamped = c; }
    return d;
}
static kinf_desc_t kinf__setup_defaults(const kinf_desc_t* in) { return kinf__setup_defaults_ex(in, 0); }
static uint32_t kinf__pow2(uint32_t n) { uint32_t p = 16; while (p < n) { p <<= 1; } return p; }
/* The layout's sums saturate: the clamps allow capacities that add up to more
   than a 32-bit size_t holds, and a sum that wrapped would let kinf_init take
   a buffer far too small. SIZE_MAX (odd, so never a real total) stands for
   "does not fit". */
static size_t kinf__setup_add(size_t o, size_t n) { /* o + n rounded up to 8 */
    if (o > SIZE_MAX - 7u || n > SIZE_MAX - 7u - o) { return SIZE_MAX; }
    return kinf__align8(o + n);
}
static size_t kinf__setup_mul(size_t a, size_t b) { return (b != 0 && a > SIZE_MAX / b) ? SIZE_MAX : a * b; }
static kinf__setup_layout_t kinf__setup_layout(const kinf_desc_t* d) {
    kinf__setup_layout_t l;
    size_t o = kinf__align8(sizeof(struct kinf_informer_t)), mo = (size_t)d->max_objects;
    size_t nidx = 1u + (size_t)d->max_indexes;
    l.kbn = (uint32_t)(mo + mo / 4u + 1u); /* at most 80 % full */
    if (l.kbn < 16u) { l.kbn = 16u; }
    l.ixbn = kinf__pow2((uint32_t)(mo / 4u)); /* chains are filtered by value hash: a quarter is ample */
    l.rbuf = o; o = kinf__setup_add(o, d->read_bytes);
    l.slots = o; o = kinf__setup_add(o, kinf__setup_mul(mo, sizeof(kinf__slot)));
    l.kb = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)l.kbn, 4u));
    l.ix = o; o = kinf__setup_add(o, kinf__setup_mul(kinf__setup_mul(nidx, mo), sizeof(kinf__ixlink)));
    l.ixv = o; o = kinf__setup_add(o, kinf__setup_mul(kinf__setup_mul(nidx - 1u, mo), 4u));
    l.ixb = o; o = kinf__setup_add(o, kinf__setup_mul(kinf__setup_mul(nidx, (size_t)l.ixbn), 4u));
    l.idx = o; o = kinf__setup_add(o, kinf__setup_mul(nidx, sizeof(kinf__index)));
    l.handlers = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)d->max_handlers, sizeof(kinf_handler_t)));
    l.toks = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)d->max_tokens, sizeof(jsmntok_t)));
    l.ev = o; o = kinf__setup_add(o, d->max_event_bytes);
    l.arena = o; o = kinf__setup_add(o, d->store_bytes);
    l.tls = o;
#ifdef KINF_TLS_BEARSSL
    if (d->server && !strncmp(d->server, "https://", 8) && !d->own_transport) { o = kinf__setup_add(o, kinf__tls_size()); }
#endif
    l.total = kinf__setup_add(o, 8u); /* room to align the start */
    return l;
}

/* >>reflector requests */
static int kinf__rf_pct(char* out, size_t cap, size_t* o, const char* s) {
    static const char hex[] = "0123456789ABCDEF";
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~') {
            if (*o + 1 >= cap) { return 0; }
            out[(*o)++] = (char)c;
        } else {
            if (*o + 3 >= cap) { return 0; }
            out[(*o)++] = '%'; out[(*o)++] = hex[c >> 4]; out[(*o)++] = hex[c & 15];
        }
    }
    out[*o] = 0;
    return 1;
}
static int kinf__rf_put(char* out, size_t cap, size_t* o, const char* s) {
    size_t n = strlen(s);
    if (*o + n >= cap) { return 0; }
    memcpy(out + *o, s, n); *o += n; out[*o] = 0;
    return 1;
}
static int kinf__rf_build_request(kinf_informer_t* inf, int kind) {
    char* w = inf->wbuf;
    size_t cap = sizeof(inf->wbuf), o = 0;
    char num[21];
    int ok = 1;
    inf->req_token_gen = inf->token_gen;
    ok &= kinf__rf_put(w, cap, &o, "GET ");
    ok &= kinf__rf_put(w, cap, &o, inf->path);
    if (kind == KINF__PH_WATCH) {
        uint32_t t = inf->watch_timeout_s ? (uint32_t)inf->watch_timeout_s : 300u + kinf__rand(&inf->rng) % 300u;
        ok &= kinf__rf_put(w, cap, &o, "?watch=1&allowWatchBookmarks=true&resourceVersion=");
        ok &= kinf__rf_pct(w, cap, &o, inf->last_rv);
        ok &= kinf__rf_put(w, cap, &o, "&timeoutSeconds=");
        ok &= kinf__rf_put(w, cap, &o, kinf__utoa(num, t));
    } else {
        /* As client-go: a list at a last-seen RV is not paginated, so the
           server may answer it from its watch cache; nor is the full list
           that replaces an expired continue token. */
        int paged = !inf->list_nolimit && !(inf->rv_mode == KINF__RV_LAST && !inf->cont[0]);
        ok &= kinf__rf_put(w, cap, &o, "?");
        if (paged) {
            ok &= kinf__rf_put(w, cap, &o, "limit=");
            ok &= kinf__rf_put(w, cap, &o, kinf__utoa(num, (uint64_t)inf->list_limit));
        }
        if (inf->cont[0]) {
            ok &= kinf__rf_put(w, cap, &o, "&continue=");
            ok &= kinf__rf_pct(w, cap, &o, inf->cont);
        } else if (inf->rv_mode != KINF__RV_UNSET) {
            kinf__strlcpy(inf->req_rv, inf->rv_mode == KINF__RV_ZERO ? "0" : inf->last_rv, sizeof(inf->req_rv));
            ok &= kinf__rf_put(w, cap, &o, paged ? "&resourceVersion=" : "resourceVersion=");
            ok &= kinf__rf_pct(w, cap, &o, inf->req_rv);
        } else {
            inf->req_rv[0] = 0;
        }
    }
    if (inf->lsel[0]) { ok &= kinf__rf_put(w, cap, &o, "&labelSelector="); ok &= kinf__rf_pct(w, cap, &o, inf->lsel); }
    if (inf->fsel[0]) { ok &= kinf__rf_put(w, cap, &o, "&fieldSelector="); ok &= kinf__rf_pct(w, cap, &o, inf->fsel); }
    ok &= kinf__rf_put(w, cap, &o, " HTTP/1.1\r\nHost: ");
    ok &= kinf__rf_put(w, cap, &o, inf->hosthdr);
    ok &= kinf__rf_put(w, cap, &o, "\r\nUser-Agent: kinformer/" KINF__VERSION_STR "\r\nAccept: application/json\r\n");
    if (inf->token[0]) {
        ok &= kinf__rf_put(w, cap, &o, "Authorization: Bearer ");
        ok &= kinf__rf_put(w, cap, &o, inf->token);
        ok &= kinf__rf_put(w, cap, &o, "\r\n");
    }
    ok &= kinf__rf_put(w, cap, &o, "\r\n");
    inf->wlen = o; inf->wpos = 0;
    return ok;
}

/* >>reflector connection: the engine asks, the driver does.
   kinf__rf_drop gives the connection up (the driver is asked to close it);
   kinf__rf_fail does so and backs off before the next request. */
static void kinf__rf_drop(kinf_informer_t* inf) {
    if (inf->conn_open) { inf->close_wanted = 1; }
    inf->conn_open = 0;
    inf->cstate = KINF__C_NONE;
    inf->reusable = 0;
}
static void kinf__rf_begin(kinf_informer_t* inf, int kind);
/* a list starts from its first page: no key has been seen in it yet */
static void kinf__rf_unseen(kinf_informer_t* inf) {
    int32_t s;
    for (s = 0; s < inf->slot_hi; s++) { inf->slots[s].flags &= (uint8_t)~KINF__F_SEEN; }
}
/* Retry-After in seconds, as a delay in ms no longer than 10 minutes; -1 when the server gave none */
static int64_t kinf__rf_retry_after_ms(const kinf_informer_t* inf) {
    int64_t s = inf->resp.retry_after;
    return s < 0 ? -1 : (s > 600 ? 600000 : s * 1000);
}
/* Backs off before the request of next_kind: delay_ms, or (-1) exponential
   from 800 ms to 30 s with full jitter, as client-go's reflector; the
   exponent starts over after two minutes without a failure. */
static void kinf__rf_fail(kinf_informer_t* inf, int next_kind, int64_t delay_ms) {
    uint64_t now = inf->now;
    kinf__rf_drop(inf);
    if (delay_ms < 0) {
        uint64_t d;
        if (now - inf->healthy_since > 120000u) { inf->backoff_n = 0; }
        d = 800u << (inf->backoff_n < 6 ? inf->backoff_n : 6);
        if (d > 30000u) { d = 30000u; }
        if (inf->backoff_n < 6) { inf->backoff_n++; }
        delay_ms = (int64_t)(d + kinf__rand(&inf->rng) % d); /* jitter 1.0, as client-go's reflector */
        inf->healthy_since = now;
    }
    inf->st.backoffs++;
    inf->phase = KINF__PH_BACKOFF;
    inf->next_kind = next_kind;
    inf->backoff_until = now + (uint64_t)delay_ms;
    {
        char num[21];
        KINF__INFO(inf, BACKOFF, kinf__utoa(num, (uint64_t)delay_ms), " ms");
    }
}
/* The body window in rbuf: data to feed at dpos..dend, and up to rend the
   chunked framing and data not yet decoded. kinf__rf_window_clear empties all
   three; kinf__rf_pending tells whether bytes read are not yet fed (held back
   by the FIFO, or to feed next). */
static void kinf__rf_window_clear(kinf_informer_t* inf) { inf->dpos = inf->dend = inf->rend = 0; }
static int kinf__rf_pending(const kinf_informer_t* inf) { return inf->dpos < inf->rend; }
/* Builds the request for the current phase; with a continue token too long
   for it, falls back to one whole list (as client-go's pager when a token
   expires). 0 when even that does not fit: a fatal configuration error. */
static int kinf__rf_request(kinf_informer_t* inf) {
    if (!kinf__rf_build_request(inf, inf->req_kind) && inf->req_kind == KINF__PH_LIST && inf->cont[0]) {
        KINF__WARN(inf, CONTINUE_EXPIRED, "continue token too long for the request", 0);
        inf->cont[0] = 0; inf->list_nolimit = 1;
        kinf__rf_unseen(inf);
    }
    if (kinf__rf_build_request(inf, inf->req_kind)) { return 1; }
    KINF__ERR(inf, CONFIG_TOO_LONG, "request", 0);
    kinf__rf_drop(inf);
    inf->fatal = KINF_ERR_INVAL;
    return 0;
}
static void kinf__rf_begin(kinf_informer_t* inf, int kind) {
    inf->phase = kind;
    inf->req_kind = kind;
    if (!kinf__rf_request(inf)) { return; }
    memset(&inf->resp, 0, sizeof(inf->resp));
    memset(&inf->ch, 0, sizeof(inf->ch));
    inf->hlen = 0; kinf__rf_window_clear(inf); inf->body_done = 0;
    inf->last_rx = inf->now;
    if (kind == KINF__PH_WATCH) {
        inf->st.watches++;
        inf->watch_start = inf->last_rx;
        inf->watch_events = 0;
        KINF__INFO(inf, WATCH_START, inf->last_rv, 0);
    } else {
        inf->st.list_pages++;
        if (!inf->cont[0]) {
            kinf__rf_unseen(inf);
            inf->st.lists++;
            if (inf->listed) { inf->st.relists++; }
            KINF__INFO(inf, LIST_START, inf->rv_mode == KINF__RV_ZERO ? "resourceVersion=0" : inf->rv_mode == KINF__RV_LAST ? inf->last_rv : "resourceVersion unset", 0);
        }
    }
    inf->started = KINF__RUN_STARTED;
    if (inf->conn_open && inf->reusable) {
        inf->cstate = KINF__C_SEND;
        return;
    }
    kinf__rf_drop(inf);
    inf->st.reconnects++;
    inf->cstate = KINF__C_WANTED;
}

/* >>reflector events */
/* jsmn helpers, for Status objects (ERROR events and error bodies) */
static int kinf__rf_tok_skip(const jsmntok_t* t, int nt, int i) {
    int end = t[i].end;
    i++;
    while (i < nt && t[i].start < end) { i++; }
    return i;
}
static int kinf__rf_tok_member(const kinf_informer_t* inf, int nt, int oi, const char* name) {
    int j = oi + 1, m;
    size_t n = strlen(name);
    if (oi < 0 || inf->toks[oi].type != JSMN_OBJECT) { return -1; }
    for (m = 0; m < inf->toks[oi].size && j + 1 < nt; m++) {
        const jsmntok_t* k = &inf->toks[j];
        if ((size_t)(k->end - k->start) == n && !memcmp(inf->ev + k->start, name, n)) { return j + 1; }
        j = kinf__rf_tok_skip(inf->toks, nt, j + 1);
    }
    return -1;
}
static int kinf__rf_tok_is(const kinf_informer_t* inf, int i, const char* s) {
    size_t n = strlen(s);
    return i >= 0 && (size_t)(inf->toks[i].end - inf->toks[i].start) == n && !memcmp(inf->ev + inf->toks[i].start, s, n);
}
/* " (server: MESSAGE)" from a Status object's message at token i, at most
   cap - 1 bytes, control bytes and quotes shown as '?'; "" when there is none */
static const char* kinf__rf_status_message(const kinf_informer_t* inf, int i, char* out, size_t cap) {
    size_t o = 0, k, l;
    static const char pre[] = " (server: ";
    out[0] = 0;
    if (i < 0 || inf->toks[i].type != JSMN_STRING || cap < sizeof(pre) + 8) { return out; }
    memcpy(out, pre, sizeof(pre) - 1); o = sizeof(pre) - 1;
    l = (size_t)(inf->toks[i].end - inf->toks[i].start);
    for (k = 0; k < l && o + 5 < cap; k++) {
        uint8_t c = inf->ev[(size_t)inf->toks[i].start + k];
        out[o++] = (c < 0x20 || c == 0x7f || c == '"') ? '?' : (char)c;
    }
    if (k < l) { memcpy(out + o, "...", 3); o += 3; }
    out[o++] = ')'; out[o] = 0;
    return out;
}
static int kinf__rf_tok_contains(const kinf_informer_t* inf, int i, const char* s) {
    size_t n = strlen(s), l;
    int k;
    if (i < 0) { return 0; }
    l = (size_t)(inf->toks[i].end - inf->toks[i].start);
    for (k = 0; (size_t)k + n <= l; k++) { if (!memcmp(inf->ev + inf->toks[i].start + k, s, n)) { return 1; } }
    return 0;
}
/* What a Status says: 410 (expired), too large RV, or something else. */
enum { KINF__STATUS_OTHER = 0, KINF__STATUS_EXPIRED, KINF__STATUS_TOO_LARGE };
static int kinf__rf_status_kind(kinf_informer_t* inf, int nt, int si, int http_code) {
    int code = kinf__rf_tok_member(inf, nt, si, "code"), msg = kinf__rf_tok_member(inf, nt, si, "message");
    int det = kinf__rf_tok_member(inf, nt, si, "details"), causes = kinf__rf_tok_member(inf, nt, det, "causes");
    int c = http_code, i;
    if (code >= 0) { c = (int)kinf__parse_dec((const char*)inf->ev + inf->toks[code].start, (size_t)(inf->toks[code].end - inf->toks[code].start)); }
    if (kinf__rf_tok_contains(inf, msg, "Too large resource version")) { return KINF__STATUS_TOO_LARGE; }
    if (causes >= 0 && inf->toks[causes].type == JSMN_ARRAY) {
        int j = causes + 1;
        for (i = 0; i < inf->toks[causes].size && j < nt; i++) {
            if (kinf__rf_tok_is(inf, kinf__rf_tok_member(inf, nt, j, "reason"), "ResourceVersionTooLarge")) { return KINF__STATUS_TOO_LARGE; }
            j = kinf__rf_tok_skip(inf->toks, nt, j);
        }
    }
    return c == 410 ? KINF__STATUS_EXPIRED : KINF__STATUS_OTHER;
}
static int kinf__rf_identity_json(kinf_informer_t* inf) {
    char* w = (char*)inf->ev;
    size_t o = 0, cap = inf->max_event_bytes;
    int ok = kinf__rf_put(w, cap, &o, "{\"metadata\":{\"name\":\"");
    ok &= kinf__rf_put(w, cap, &o, inf->c_name);
    if (inf->c_ns[0]) { ok &= kinf__rf_put(w, cap, &o, "\",\"namespace\":\""); ok &= kinf__rf_put(w, cap, &o, inf->c_ns); }
    if (inf->c_uid[0]) { ok &= kinf__rf_put(w, cap, &o, "\",\"uid\":\""); ok &= kinf__rf_put(w, cap, &o, inf->c_uid); }
    ok &= kinf__rf_put(w, cap, &o, "\",\"resourceVersion\":\"");
    ok &= kinf__rf_put(w, cap, &o, inf->c_rv);
    ok &= kinf__rf_put(w, cap, &o, "\"}}");
    return ok ? (int)o : -1;
}
enum { KINF__OP_UPSERT = 0, KINF__OP_DELETE, KINF__OP_LIST };
/* Applies one object (inf->ev[start..end), or start == end when only its
   identity is known). Returns 0, or -1 when the object is malformed. */
static int kinf__rf_apply(kinf_informer_t* inf, size_t start, size_t end, int op) {
    kinf__scan* sc = &inf->scan;
    char key[KINF__MAX_KEY];
    size_t kl;
    uint32_t h, ref, flags = 0;
    int32_t s;
    long jl;
    if (!sc->cset[KINF__CAP_NAME] || !sc->cset[KINF__CAP_RV] || !inf->c_name[0] || !inf->c_rv[0] ||
        sc->cover[KINF__CAP_NAME] || sc->cover[KINF__CAP_NS] || sc->cover[KINF__CAP_UID] || sc->cover[KINF__CAP_RV] ||
        strchr(inf->c_name, '/') || strchr(inf->c_ns, '/')) {
        inf->st.malformed++;
        KINF__ERR(inf, OBJECT_NO_NAME, inf->c_name, 0);
        return 0; /* skipped: it cannot be keyed, and the stream is sound */
    }
    if (!sc->cset[KINF__CAP_NS]) { inf->c_ns[0] = 0; }
    if (!sc->cset[KINF__CAP_UID]) { inf->c_uid[0] = 0; }
    kl = kinf__key_put(key, inf->c_ns, strlen(inf->c_ns), inf->c_name, strlen(inf->c_name));
    key[kl] = 0;
    h = kinf__fnv(key, kl);
    s = kinf__hash_find(inf, key, kl, h);
    if (s >= 0 && op == KINF__OP_LIST && kinf__store_visible(inf, s)) {
        kinf_object_t o;
        kinf__store_view(inf, inf->slots[s].cur, s, &o);
        if (!strcmp(o.resource_version, inf->c_rv)) { inf->slots[s].flags |= KINF__F_SEEN; return 0; }
    }
    if (s < 0 && op == KINF__OP_DELETE) { return 0; } /* never seen: nothing to delete */
    if (end > start) {
        jl = kinf__project(inf, start, end);
        if (jl < 0) { return -1; }
    } else {
        jl = kinf__rf_identity_json(inf);
        flags = KINF_OBJ_IDENTITY_ONLY;
        if (jl < 0) { return -1; }
    }
    ref = kinf__blk_make(inf, inf->c_ns, inf->c_name, inf->c_uid, inf->c_rv, inf->ev, (size_t)jl, flags);
    if (!ref && !flags) {
        inf->st.store_full++;
        KINF__ERR(inf, STORE_FULL, key, 0);
        jl = kinf__rf_identity_json(inf);
        if (jl >= 0) { ref = kinf__blk_make(inf, inf->c_ns, inf->c_name, inf->c_uid, inf->c_rv, inf->ev, (size_t)jl, KINF_OBJ_IDENTITY_ONLY); }
    }
    if (!ref) {
        inf->st.dropped++;
        KINF__ERR(inf, STORE_FULL, key, " (dropped)");
        if (op == KINF__OP_DELETE && s >= 0) { kinf__store_delete(inf, s, 0, 0); }
        return 0;
    }
    if (op == KINF__OP_DELETE) { kinf__store_delete(inf, s, ref, 0); }
    else { kinf__store_upsert(inf, s, ref, h); }
    KINF__SELFCHECK(inf);
    return 0;
}
enum { KINF__REC_OK = 0, KINF__REC_BROKEN, KINF__REC_EXPIRED, KINF__REC_TOO_LARGE };
static int kinf__rf_on_record(kinf_informer_t* inf) {
    kinf__scan* sc = &inf->scan;
    int op;
    if (inf->body_mode == KINF__BODY_LIST) {
        inf->st.list_items++;
        if (sc->rec_over) {
            inf->st.oversized++;
            KINF__ERR(inf, OBJECT_TOO_LARGE, inf->c_name, 0);
            return kinf__rf_apply(inf, 0, 0, KINF__OP_LIST) ? KINF__REC_BROKEN : KINF__REC_OK;
        }
        if (kinf__rf_apply(inf, 0, sc->ev_len, KINF__OP_LIST)) { inf->st.malformed++; KINF__ERR(inf, LIST_MALFORMED, "bad value in an item", 0); return KINF__REC_BROKEN; }
        return KINF__REC_OK;
    }
    inf->st.events++;
    inf->watch_events++;
    if (sc->obj_dup) {
        inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "two objects", 0); return KINF__REC_BROKEN;
    }
    if (!sc->cset[KINF__CAP_TYPE] || sc->cover[KINF__CAP_TYPE]) {
        inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "no type", 0); return KINF__REC_BROKEN;
    }
    if (!strcmp(inf->c_type, "BOOKMARK")) {
        inf->st.bookmarks++;
        if (sc->cset[KINF__CAP_RV] && !sc->cover[KINF__CAP_RV] && inf->c_rv[0]) { kinf__strlcpy(inf->last_rv, inf->c_rv, sizeof(inf->last_rv)); }
        return KINF__REC_OK;
    }
    if (!strcmp(inf->c_type, "ERROR")) {
        /* a Status: small, so jsmn tokenizes the whole event */
        int k, nt = -1, oi = -1;
        inf->st.errors_in_stream++;
        if (!sc->rec_over) {
            jsmn_parser jp;
            jsmn_init(&jp);
            nt = jsmn_parse(&jp, (const char*)inf->ev, sc->ev_len, inf->toks, (unsigned)inf->max_tokens);
        }
        if (nt > 0) { oi = kinf__rf_tok_member(inf, nt, 0, "object"); }
        if (oi < 0) { KINF__ERR(inf, WATCH_ERROR_EVENT, sc->rec_over || nt == JSMN_ERROR_NOMEM ? "too large" : "no Status", 0); return KINF__REC_BROKEN; }
        k = kinf__rf_status_kind(inf, nt, oi, 0);
        if (k == KINF__STATUS_EXPIRED) { return KINF__REC_EXPIRED; }
        if (k == KINF__STATUS_TOO_LARGE) { return KINF__REC_TOO_LARGE; }
        KINF__ERR(inf, WATCH_ERROR_EVENT, 0, 0);
        return KINF__REC_BROKEN;
    }
    if (!strcmp(inf->c_type, "ADDED")) { op = KINF__OP_UPSERT; inf->st.added++; }
    else if (!strcmp(inf->c_type, "MODIFIED")) { op = KINF__OP_UPSERT; inf->st.modified++; }
    else if (!strcmp(inf->c_type, "DELETED")) { op = KINF__OP_DELETE; inf->st.deleted++; }
    else { KINF__WARN(inf, EVENT_UNKNOWN_TYPE, inf->c_type, 0); return KINF__REC_OK; } /* as client-go: reported, skipped */
    if (sc->rec_over) {
        inf->st.oversized++;
        KINF__ERR(inf, OBJECT_TOO_LARGE, inf->c_name, 0);
        if (kinf__rf_apply(inf, 0, 0, op)) { return KINF__REC_BROKEN; }
    } else {
        if (sc->obj_end <= sc->obj_start) { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "no object", 0); return KINF__REC_BROKEN; }
        if (kinf__rf_apply(inf, sc->obj_start, sc->obj_end, op)) { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "bad value", 0); return KINF__REC_BROKEN; }
    }
    if (inf->c_rv[0] && !inf->scan.cover[KINF__CAP_RV]) { kinf__strlcpy(inf->last_rv, inf->c_rv, sizeof(inf->last_rv)); }
    return KINF__REC_OK;
}

/* >>reflector responses */
/* A watch whose resourceVersion expired (410) or is ahead of the server's:
   relist after the backoff, as client-go's reflector: from the last RV seen
   when it expired, unset when it was too large. */
static void kinf__rf_watch_expired(kinf_informer_t* inf, int k, const char* where) {
    if (k == KINF__STATUS_EXPIRED) { KINF__WARN(inf, RV_EXPIRED, inf->last_rv, where); inf->rv_mode = KINF__RV_LAST; }
    else { KINF__WARN(inf, RV_TOO_LARGE, inf->last_rv, where); inf->rv_mode = KINF__RV_UNSET; }
    kinf__rf_fail(inf, KINF__PH_LIST, -1);
}
static void kinf__rf_list_finished(kinf_informer_t* inf) {
    int32_t s;
    /* keys the new list no longer has: deleted, final state unknown */
    for (s = 0; s < inf->slot_hi; s++) {
        if (kinf__store_visible(inf, s) && !(inf->slots[s].flags & KINF__F_SEEN)) { kinf__store_delete(inf, s, 0, 1); }
    }
    KINF__SELFCHECK(inf);
    kinf__strlcpy(inf->last_rv, inf->c_lrv, sizeof(inf->last_rv));
    inf->listed = 1;
    inf->list_nolimit = 0;
    KINF__INFO(inf, LIST_DONE, inf->last_rv, 0);
    if (!inf->synced && !inf->sync_wait) {
        inf->sync_wait = 1;
        inf->sync_pops_left = inf->flen;
    }
    inf->rv_mode = KINF__RV_LAST;
    kinf__rf_begin(inf, KINF__PH_WATCH);
}
static void kinf__rf_response_done(kinf_informer_t* inf) {
    int status = inf->resp.status, kind = inf->req_kind;
    uint64_t now = inf->now;
    inf->responses++;
    inf->reusable = !inf->resp.conn_close && (inf->resp.chunked || inf->resp.clen >= 0);
    if (status == 200 && kind == KINF__PH_LIST) {
        kinf__scan* sc = &inf->scan;
        if (!sc->root_done || !sc->cset[KINF__CAP_LIST_RV] || sc->cover[KINF__CAP_LIST_RV] || sc->cover[KINF__CAP_CONTINUE] || !inf->c_lrv[0]) {
            KINF__ERR(inf, LIST_MALFORMED, sc->cover[KINF__CAP_CONTINUE] ? "continue token too long" : 0, 0);
            inf->cont[0] = 0;
            kinf__rf_fail(inf, KINF__PH_LIST, -1);
            return;
        }
        if (sc->cset[KINF__CAP_CONTINUE] && inf->c_cont[0]) {
            kinf__strlcpy(inf->cont, inf->c_cont, sizeof(inf->cont));
            kinf__rf_begin(inf, KINF__PH_LIST);
            return;
        }
        inf->cont[0] = 0;
        kinf__rf_list_finished(inf);
        return;
    }
    if (status == 200) { /* a watch the server ended */
        if (inf->watch_events == 0 && now - inf->watch_start < 1000u) {
            KINF__WARN(inf, WATCH_SHORT, 0, 0);
            kinf__rf_fail(inf, KINF__PH_WATCH, -1);
        } else {
            KINF__INFO(inf, WATCH_END, inf->last_rv, 0);
            kinf__rf_begin(inf, KINF__PH_WATCH);
        }
        return;
    }
    {
        char num[21], msg[232];
        int nt = -1, k = KINF__STATUS_OTHER;
        const char* code = kinf__utoa(num, (uint64_t)status);
        if (inf->scan.ev_len) {
            jsmn_parser p;
            jsmn_init(&p);
            nt = jsmn_parse(&p, (const char*)inf->ev, inf->scan.ev_len, inf->toks, (unsigned)inf->max_tokens);
        }
        if (nt > 0 && inf->toks[0].type == JSMN_OBJECT) { k = kinf__rf_status_kind(inf, nt, 0, status); }
        else if (status == 410) { k = KINF__STATUS_EXPIRED; }
        kinf__rf_status_message(inf, nt > 0 ? kinf__rf_tok_member(inf, nt, 0, "message") : -1, msg, sizeof(msg));
        if (k == KINF__STATUS_EXPIRED || k == KINF__STATUS_TOO_LARGE) {
            if (kind == KINF__PH_LIST && inf->cont[0]) {
                /* as client-go's pager: one full, unpaginated list instead */
                KINF__WARN(inf, CONTINUE_EXPIRED, 0, 0);
                inf->cont[0] = 0; inf->list_nolimit = 1;
            } else if (kind == KINF__PH_LIST) {
                if (k == KINF__STATUS_EXPIRED) { KINF__WARN(inf, RV_EXPIRED, inf->req_rv, 0); } else { KINF__WARN(inf, RV_TOO_LARGE, inf->req_rv, 0); }
                inf->rv_mode = KINF__RV_UNSET;
            } else {
                kinf__rf_watch_expired(inf, k, 0);
                return;
            }
            kinf__rf_drop(inf);
            kinf__rf_begin(inf, KINF__PH_LIST);
            return;
        }
        if (status == 429) {
            KINF__WARN(inf, TOO_MANY_REQUESTS, code, msg);
            kinf__rf_fail(inf, kind, kinf__rf_retry_after_ms(inf));
            return;
        }
        if (status == 400 && inf->https && kinf__mem_has(inf->ev, inf->scan.ev_len, "SSL certificate")) {
            /* a TLS terminator (nginx) that checks client certificates after the handshake */
            KINF__ERR(inf, TLS_CLIENT_CERT_REJECTED, inf->host, " (HTTP 400 from a TLS proxy)");
        } else if (status == 401) {
            KINF__ERR(inf, UNAUTHORIZED, msg[0] ? msg + 1 : 0, 0);
            if (inf->token_file[0]) { inf->token_due = 1; } /* the driver reads it before the retry */
        } else if (status == 403) { KINF__ERR(inf, FORBIDDEN, inf->path, msg); }
        else if (status == 404) { KINF__ERR(inf, NOT_FOUND, inf->path, msg); }
        else if (status == 400) { KINF__ERR(inf, BAD_REQUEST, inf->path, msg); }
        else if (status >= 500) {
            KINF__ERR(inf, SERVER_ERROR, code, msg);
            if (inf->resp.retry_after >= 0) { kinf__rf_fail(inf, kind, kinf__rf_retry_after_ms(inf)); return; }
        } else { KINF__ERR(inf, HTTP_STATUS, code, msg); }
        kinf__rf_fail(inf, kind, -1);
    }
}
/* Broken stream: a cut, a malformed event, a timeout. The watch resumes from
   the last applied resourceVersion; a list starts over. */
static void kinf__rf_broken(kinf_informer_t* inf) {
    if (inf->req_kind == KINF__PH_LIST) { inf->cont[0] = 0; }
    kinf__rf_fail(inf, inf->req_kind, -1);
}
/* The connection ended (closed or reset) under a watch stream. As client-go's
   reflector, a watch that delivered events or lasted a second resumes at
   once from the last applied resourceVersion; a shorter, empty one backs off
   like any failure. */
static void kinf__rf_cut(kinf_informer_t* inf) {
    if (inf->req_kind == KINF__PH_WATCH && inf->resp.head_done && inf->resp.status == 200 &&
        (inf->watch_events > 0 || inf->now - inf->watch_start >= 1000u)) {
        kinf__rf_fail(inf, KINF__PH_WATCH, 0);
        return;
    }
    kinf__rf_broken(inf);
}
/* Head parsing and body decoding of freshly read bytes rbuf[0..n). */
static int kinf__rf_ingest(kinf_informer_t* inf, size_t n) {
    size_t p = 0, dn;
    uint32_t item = 0;
    if (!inf->resp.head_done) {
        while (p < n) {
            char c = (char)inf->rbuf[p++];
            if (inf->hlen >= sizeof(inf->head)) { KINF__ERR(inf, HTTP_HEAD_TOO_LARGE, 0, 0); return -1; }
            inf->head[inf->hlen++] = c;
            if (c == '\n' && ((inf->hlen >= 4 && !memcmp(inf->head + inf->hlen - 4, "\r\n\r\n", 4)) ||
                              (inf->hlen >= 2 && inf->head[inf->hlen - 2] == '\n'))) {
                if (kinf__http_parse_head(inf->head, inf->hlen, &inf->resp, &item) != KINF_OK) {
                    kinf__log(inf, KINF_LOG_ERROR, item, 0, 0, __LINE__);
                    return -1;
                }
                if (inf->resp.status >= 100 && inf->resp.status < 200) { inf->hlen = 0; continue; } /* interim */
                inf->resp.head_done = 1;
                inf->body_left = inf->resp.clen;
                if (inf->resp.status == 200) {
                    inf->body_mode = inf->req_kind == KINF__PH_LIST ? KINF__BODY_LIST : KINF__BODY_WATCH;
                } else {
                    inf->body_mode = KINF__BODY_STATUS;
                }
                kinf__scan_reset(&inf->scan, inf->body_mode == KINF__BODY_LIST);
                inf->scan.ev_len = 0;
                if (inf->resp.clen == 0) { inf->body_done = 1; }
                break;
            }
        }
        if (!inf->resp.head_done) { kinf__rf_window_clear(inf); return 0; }
    }
    dn = n - p;
    if (inf->resp.chunked) { /* decoded as it is fed (kinf__rf_chunk_next): the data stays where it is */
        inf->dpos = inf->dend = p; inf->rend = n;
        return 0;
    }
    if (inf->body_left >= 0) {
        if ((int64_t)dn >= inf->body_left) { dn = (size_t)inf->body_left; inf->body_done = 1; }
        inf->body_left -= (int64_t)dn;
    }
    inf->dpos = p; inf->dend = inf->rend = p + dn;
    return 0;
}
/* A chunked body: the framing from dend up to the next data, and that data
   (as much of it as was read) as dpos..dend, in place. 0, or -1 for a bad
   chunk. Each call moves on by at least a byte. */
static int kinf__rf_chunk_next(kinf_informer_t* inf) {
    size_t i = inf->dend;
    long k = kinf__chunked_frame(&inf->ch, inf->rbuf, &i, inf->rend);
    if (k < 0) { KINF__ERR(inf, HTTP_BAD_CHUNK, 0, 0); return -1; }
    if (inf->ch.done) { inf->body_done = 1; } /* the framing step has passed the bytes after the end */
    inf->dpos = i; inf->dend = i + (size_t)k;
    return 0;
}
/* Feeds decoded body bytes to the scanner; returns -1 when the connection
   was given up (the caller stops), 0 otherwise. */
static int kinf__rf_consume(kinf_informer_t* inf) {
    while (kinf__rf_pending(inf)) {
        size_t used;
        if (inf->dpos >= inf->dend) {
            if (kinf__rf_chunk_next(inf) != 0) { kinf__rf_broken(inf); return -1; }
            continue;
        }
        if (inf->body_mode == KINF__BODY_STATUS) {
            size_t take = inf->dend - inf->dpos;
            if (inf->scan.ev_len + take > inf->max_event_bytes - 1) { take = inf->max_event_bytes - 1 - inf->scan.ev_len; }
            memcpy(inf->ev + inf->scan.ev_len, inf->rbuf + inf->dpos, take);
            inf->scan.ev_len += take;
            inf->dpos = inf->dend;
            continue;
        }
        if ((int)inf->flen >= inf->fifo_cap) { return 0; } /* backpressure: the FIFO must drain first */
        used = kinf__scan_feed(&inf->scan, inf->rbuf + inf->dpos, inf->dend - inf->dpos);
        inf->dpos += used;
        if (inf->scan.err) {
            if (inf->scan.err == 2) { KINF__ERR(inf, JSON_TOO_DEEP, 0, 0); }
            else if (inf->body_mode == KINF__BODY_LIST) { KINF__ERR(inf, LIST_MALFORMED, 0, 0); }
            else { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "bad framing", 0); }
            kinf__rf_broken(inf);
            return -1;
        }
        if (inf->scan.rec_done) {
            int r;
            inf->scan.rec_done = 0;
            r = kinf__rf_on_record(inf);
            inf->scan.ev_len = 0;
            if (r == KINF__REC_BROKEN) { kinf__rf_broken(inf); return -1; }
            if (r == KINF__REC_EXPIRED || r == KINF__REC_TOO_LARGE) {
                kinf__rf_watch_expired(inf, r == KINF__REC_EXPIRED ? KINF__STATUS_EXPIRED : KINF__STATUS_TOO_LARGE, " (in stream)");
                return -1;
            }
        }
    }
    return 0;
}

/* >>reflector step: everything that needs no transport */
static int kinf__rf_idle(const kinf_informer_t* inf) { return inf->now > inf->last_rx && inf->now - inf->last_rx >= (uint64_t)inf->idle_ms; }
/* Starts the first list, ends a backoff, feeds bytes held back by the FIFO
   and finishes responses, as far as it can without the transport. */
static void kinf__rf_advance(kinf_informer_t* inf) {
    int rounds;
    if (inf->stop || inf->fatal) { return; }
    if (inf->started == KINF__RUN_NEW) {
        inf->rv_mode = KINF__RV_ZERO;
        inf->healthy_since = inf->now;
        kinf__rf_begin(inf, KINF__PH_LIST);
    }
    for (rounds = 0; rounds < 64 && !inf->stop && !inf->fatal; rounds++) {
        if (inf->phase == KINF__PH_BACKOFF) {
            if (inf->now < inf->backoff_until) { return; }
            kinf__rf_begin(inf, inf->next_kind);
            continue;
        }
        if (inf->cstate != KINF__C_RECV) { return; }
        if (kinf__rf_consume(inf)) { continue; }
        if (kinf__rf_pending(inf)) { inf->last_rx = inf->now; return; } /* held back by the FIFO: we are slow, not the server */
        if (!inf->body_done) { return; }
        kinf__rf_response_done(inf);
    }
}
/* The connection has been silent for idle_timeout_ms: a silent server is not
   a failing one, so a response resumes at once; a request that cannot be
   sent is a broken connection. */
static void kinf__rf_idle_check(kinf_informer_t* inf) {
    if (inf->stop || !kinf__rf_idle(inf)) { return; }
    if (inf->cstate == KINF__C_SEND) {
        KINF__WARN(inf, IDLE_TIMEOUT, "sending", 0);
        kinf__rf_broken(inf);
    } else if (inf->cstate == KINF__C_RECV && !kinf__rf_pending(inf)) {
        KINF__WARN(inf, IDLE_TIMEOUT, 0, 0);
        if (inf->req_kind == KINF__PH_LIST) { inf->cont[0] = 0; }
        kinf__rf_fail(inf, inf->req_kind, 0);
    }
}
static int kinf__rf_token_stale(const kinf_informer_t* inf) {
    return inf->token_file[0] && (inf->token_due || inf->now - inf->token_at >= 60000u);
}
static unsigned kinf__rf_state(const kinf_informer_t* inf) {
    unsigned st = 0;
    if (inf->stop || inf->fatal) { return inf->close_wanted ? (unsigned)KINF_ENG_CLOSE : 0u; }
    if (inf->close_wanted) { st |= KINF_ENG_CLOSE; }
    if (kinf__rf_token_stale(inf)) { st |= KINF_ENG_TOKEN; }
    if (inf->cstate == KINF__C_WANTED) { st |= KINF_ENG_CONNECT; }
    else if (inf->cstate == KINF__C_SEND) { st |= KINF_ENG_SEND; }
    else if (inf->cstate == KINF__C_RECV && !kinf__rf_pending(inf) && !inf->body_done && (int)inf->flen < inf->fifo_cap) { st |= KINF_ENG_RECV; }
    return st;
}
/* The end of the stream: the end of a body read to the close, or a cut. */
static void kinf__rf_eof(kinf_informer_t* inf) {
    int mid = inf->cstate == KINF__C_SEND || inf->cstate == KINF__C_RECV;
    inf->conn_open = 0; inf->reusable = 0;
    if (!mid) { return; }
    if (inf->cstate == KINF__C_RECV && inf->resp.head_done && !inf->resp.chunked && inf->resp.clen < 0) {
        inf->body_done = 1; kinf__rf_window_clear(inf);
        kinf__rf_advance(inf);
        return;
    }
    KINF__WARN(inf, CONNECTION_CLOSED, 0, 0);
    kinf__rf_cut(inf);
}

/* >>handlers  delivery from the FIFO */
/* an object kept identity-only goes to on_oversized, never to on_add or on_update */
static void kinf__hd_deliver_oversized(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b) {
    int i;
    inf->st.delivered_oversized++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].on_oversized) { inf->handlers[i].on_oversized(inf, a, b, inf->handlers[i].user); } }
}
static void kinf__hd_deliver_add(kinf_informer_t* inf, const kinf_object_t* o) {
    int i;
    if (o->flags & KINF_OBJ_IDENTITY_ONLY) { kinf__hd_deliver_oversized(inf, 0, o); return; }
    inf->st.delivered_adds++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].on_add) { inf->handlers[i].on_add(inf, o, inf->handlers[i].user); } }
}
static void kinf__hd_deliver_update(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b) {
    int i;
    if (b->flags & KINF_OBJ_IDENTITY_ONLY) { kinf__hd_deliver_oversized(inf, a, b); return; }
    inf->st.delivered_updates++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].on_update) { inf->handlers[i].on_update(inf, a, b, inf->handlers[i].user); } }
}
static void kinf__hd_deliver_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu) {
    int i;
    inf->st.delivered_deletes++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].on_delete) { inf->handlers[i].on_delete(inf, o, fsu, inf->handlers[i].user); } }
}
static void kinf__hd_dispatch(kinf_informer_t* inf) {
    int budget = inf->budget > 0 ? inf->budget : 0x7fffffff;
    inf->dispatching = 1;
    while (budget-- > 0 && !inf->stop) {
        int32_t s = kinf__fifo_pop(inf);
        kinf__slot* sl;
        kinf_object_t a, b;
        if (s < 0) { break; }
        sl = &inf->slots[s];
        if (sl->flags & KINF__F_RECREATED) {
            kinf__store_view(inf, sl->old, s, &a);
            kinf__hd_deliver_delete(inf, &a, (sl->flags & KINF__F_FSU_OLD) != 0);
            kinf__arena_free(inf, sl->old); sl->old = 0;
            sl->flags &= (uint8_t)~(KINF__F_RECREATED | KINF__F_FSU_OLD | KINF__F_KNOWN);
        }
        kinf__store_view(inf, sl->cur, s, &b);
        if (sl->flags & KINF__F_DELETED) {
            if (!(sl->flags & KINF__F_KNOWN)) { kinf__hd_deliver_add(inf, &b); }
            kinf__hd_deliver_delete(inf, &b, (sl->flags & KINF__F_FSU) != 0);
            kinf__slot_free(inf, s);
        } else if (!(sl->flags & KINF__F_KNOWN)) {
            sl->flags |= KINF__F_KNOWN;
            kinf__hd_deliver_add(inf, &b);
        } else {
            if (sl->old) { kinf__store_view(inf, sl->old, s, &a); } else { a = b; }
            kinf__hd_deliver_update(inf, &a, &b);
            if (sl->old) { kinf__arena_free(inf, sl->old); sl->old = 0; }
        }
        KINF__SELFCHECK(inf);
        if (inf->sync_wait && inf->sync_pops_left) { inf->sync_pops_left--; }
    }
    if (inf->sync_wait && inf->sync_pops_left == 0) {
        inf->sync_wait = 0;
        inf->synced = 1;
        KINF__INFO(inf, SYNCED, 0, 0);
        if (inf->resync_ms) { inf->next_resync = inf->now + (uint64_t)inf->resync_ms; }
    }
    if (inf->synced && inf->resync_ms && !inf->stop && inf->now >= inf->next_resync) {
        int32_t s;
        for (s = 0; s < inf->slot_hi; s++) {
            kinf__slot* sl = &inf->slots[s];
            if (kinf__store_visible(inf, s) && (sl->flags & KINF__F_KNOWN) && !(sl->flags & KINF__F_PENDING)) {
                kinf_object_t o;
                kinf__store_view(inf, sl->cur, s, &o);
                kinf__hd_deliver_update(inf, &o, &o);
            }
        }
        inf->st.resyncs++;
        inf->next_resync = inf->now + (uint64_t)inf->resync_ms;
    }
    inf->dispatching = 0;
}

/* >>engine  the public engine calls: a transport of the caller's drives the
   reflector through these (see API, "The engine"); the built-in driver
   below is one such transport. */
static int kinf__ok(const kinf_informer_t* inf) { return inf && inf->magic == KINF__MAGIC; }
KINF_API kinf_server_t kinf_engine_server(kinf_informer_t* inf) {
    kinf_server_t s;
    memset(&s, 0, sizeof(s));
    if (kinf__ok(inf)) { s.host = inf->host; s.port = inf->port; s.https = inf->https; }
    return s;
}
KINF_API unsigned kinf_engine_state(kinf_informer_t* inf) { return kinf__ok(inf) ? kinf__rf_state(inf) : 0u; }
KINF_API unsigned kinf_engine_tick(kinf_informer_t* inf, uint64_t now_ms) {
    if (!kinf__ok(inf) || inf->dispatching) { return 0; }
    inf->now = now_ms;
    kinf__rf_advance(inf);
    kinf__rf_idle_check(inf);
    kinf__rf_advance(inf); /* a silent watch resumes at once */
    return kinf__rf_state(inf);
}
KINF_API uint64_t kinf_engine_deadline(kinf_informer_t* inf) {
    uint64_t dl = UINT64_MAX;
    if (!kinf__ok(inf) || inf->fatal) { return UINT64_MAX; }
    if (inf->stop) { return inf->close_wanted ? inf->now : UINT64_MAX; }
    if (inf->started == KINF__RUN_NEW || inf->flen > 0 || inf->close_wanted || kinf__rf_token_stale(inf)) { return inf->now; }
    if (inf->cstate == KINF__C_RECV && (kinf__rf_pending(inf) || inf->body_done)) { return inf->now; }
    if (inf->phase == KINF__PH_BACKOFF) { dl = inf->backoff_until; }
    else if (inf->cstate == KINF__C_SEND || inf->cstate == KINF__C_RECV) { dl = inf->last_rx + (uint64_t)inf->idle_ms; }
    if (inf->synced && inf->resync_ms && inf->next_resync < dl) { dl = inf->next_resync; }
    return dl;
}
KINF_API const uint8_t* kinf_engine_sendbuf(kinf_informer_t* inf, size_t* len) {
    *len = 0;
    if (!kinf__ok(inf) || inf->stop || inf->fatal || inf->cstate != KINF__C_SEND) { return 0; }
    /* a token read since the request was built goes into it, if none of it is sent */
    if (inf->req_token_gen != inf->token_gen && inf->wpos == 0 && !kinf__rf_request(inf)) { return 0; }
    *len = inf->wlen - inf->wpos;
    return (const uint8_t*)inf->wbuf + inf->wpos;
}
KINF_API void kinf_engine_sent(kinf_informer_t* inf, size_t n, uint64_t now_ms) {
    if (!kinf__ok(inf) || inf->dispatching || inf->cstate != KINF__C_SEND) { return; }
    inf->now = now_ms;
    if (n > inf->wlen - inf->wpos) { n = inf->wlen - inf->wpos; }
    inf->wpos += n;
    if (!inf->sock.counts_bytes) { inf->st.bytes_written += n; }
    if (inf->wpos < inf->wlen) { return; }
    inf->cstate = KINF__C_RECV;
    inf->last_rx = now_ms;
}
KINF_API uint8_t* kinf_engine_recvbuf(kinf_informer_t* inf, size_t* cap) {
    *cap = 0;
    if (!kinf__ok(inf) || !(kinf__rf_state(inf) & KINF_ENG_RECV)) { return 0; }
    *cap = inf->rcap;
    return inf->rbuf;
}
KINF_API void kinf_engine_recvd(kinf_informer_t* inf, size_t n, uint64_t now_ms) {
    if (!kinf__ok(inf) || inf->dispatching || n == 0 || !(kinf__rf_state(inf) & KINF_ENG_RECV)) { return; }
    inf->now = now_ms;
    if (n > inf->rcap) { n = inf->rcap; }
    inf->last_rx = now_ms;
    if (!inf->sock.counts_bytes) { inf->st.bytes_read += n; }
    if (kinf__rf_ingest(inf, n) != 0) { kinf__rf_broken(inf); return; }
    kinf__rf_advance(inf);
}
KINF_API void kinf_engine_connected(kinf_informer_t* inf, uint64_t now_ms) {
    if (!kinf__ok(inf) || inf->dispatching || inf->cstate != KINF__C_WANTED) { return; }
    inf->now = now_ms;
    inf->conn_open = 1;
    inf->cstate = KINF__C_SEND;
    inf->last_rx = now_ms;
}
KINF_API void kinf_engine_closed(kinf_informer_t* inf, uint64_t now_ms) {
    if (!kinf__ok(inf) || inf->dispatching) { return; }
    inf->now = now_ms;
    if (inf->close_wanted) { inf->close_wanted = 0; return; }
    kinf__rf_eof(inf);
}
KINF_API void kinf_engine_failed(kinf_informer_t* inf, uint32_t item, const char* detail, uint64_t now_ms) {
    if (!kinf__ok(inf) || inf->dispatching) { return; }
    inf->now = now_ms;
    if (item) { kinf__log(inf, KINF_LOG_ERROR, item < KINF_LOGITEM_COUNT ? item : (uint32_t)KINF_LOGITEM_IO_ERROR, detail, 0, __LINE__); }
    inf->close_wanted = 0; inf->conn_open = 0;
    if (inf->cstate == KINF__C_WANTED) { kinf__rf_fail(inf, inf->req_kind, -1); } /* a list keeps its continue token */
    else if (inf->cstate == KINF__C_SEND || inf->cstate == KINF__C_RECV) { kinf__rf_cut(inf); }
}
KINF_API int kinf_engine_set_token(kinf_informer_t* inf, const char* token, uint64_t now_ms) {
    size_t n;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    inf->now = now_ms;
    inf->token_at = now_ms; inf->token_due = 0;
    if (!token) { return KINF_OK; }
    for (n = 0; n < KINF_MAX_TOKEN && token[n]; n++) { }
    if (n >= KINF_MAX_TOKEN) { KINF__WARN(inf, TOKEN_TOO_LONG, inf->token_file, 0); return KINF_ERR_INVAL; }
    if (!n || !kinf__visible_ascii(token)) { KINF__WARN(inf, TOKEN_INVALID, inf->token_file, 0); return KINF_ERR_INVAL; }
    if (strcmp(inf->token, token) != 0) { memcpy(inf->token, token, n + 1); inf->token_gen++; }
    return KINF_OK;
}
KINF_API int kinf_engine_dispatch(kinf_informer_t* inf, uint64_t now_ms) {
    uint32_t n;
    if (!kinf__ok(inf) || inf->dispatching) { return 0; }
    inf->now = now_ms;
    n = inf->flen;
    kinf__hd_dispatch(inf);
    return (int)(n - inf->flen);
}

/* >>transport tls  BearSSL over the same non-blocking socket. Its context, trust
   anchors, client chain and key, and the record buffers live in the caller's
   memory (KINF_TLS_BYTES, reserved only for https:// servers). */
#ifdef KINF_TLS_BEARSSL
#define KINF__TLS_EE_BYTES 8192
typedef struct kinf__xwrap {
    const br_x509_class* vtable;
    struct kinf__tls* t;
} kinf__xwrap;
typedef struct kinf__tls {
    br_ssl_client_context cc;
    br_x509_minimal_context xc;
    kinf__xwrap xw;
    br_x509_decoder_context xd;
    br_skey_decoder_context sk;
    br_pem_decoder_context pem;
    br_x509_trust_anchor ta[KINF_TLS_MAX_CAS];
    br_x509_certificate chain[KINF_TLS_MAX_CHAIN];
    size_t nta, nchain, alen, clen, ee_len, obj_start;
    int64_t (*time_fn)(void* user);
    void* time_user;
    int insecure, have_key, check_ip, iplen, obj_over, cert_idx, ee_over, rx_bytes, handshaken;
    unsigned char ip[16];
    unsigned char rx_head[5];
    char sni[256];
    unsigned char anchors[KINF_TLS_ANCHOR_BYTES];
    unsigned char chainbuf[KINF_TLS_CHAIN_BYTES];
    unsigned char ee[KINF__TLS_EE_BYTES];
    unsigned char iobuf[BR_SSL_BUFSIZE_BIDI];
} kinf__tls;
typedef char kinf__tls_fits[(sizeof(kinf__tls) + 8 <= KINF_TLS_BYTES) ? 1 : -1];
static size_t kinf__tls_size(void) { return sizeof(kinf__tls); }

/* DER: reads one TLV at p[*off..n); definite lengths up to 3 bytes */
static int kinf__der(const unsigned char* p, size_t n, size_t* off, unsigned* tag, const unsigned char** v, size_t* vl) {
    size_t o = *off, len;
    if (o + 2 > n) { return 0; }
    *tag = p[o++];
    len = p[o++];
    if (len & 0x80u) {
        size_t k = len & 0x7fu, i;
        if (k == 0 || k > 3 || o + k > n) { return 0; }
        for (len = 0, i = 0; i < k; i++) { len = (len << 8) | p[o++]; }
    }
    if (len > n - o) { return 0; }
    *v = p + o; *vl = len; *off = o + len;
    return 1;
}
/* does the certificate's subjectAltName hold this IP address? */
static int kinf__cert_has_ip(const unsigned char* cert, size_t n, const unsigned char* ip, int iplen) {
    static const unsigned char san_oid[] = { 0x55, 0x1d, 0x11 };
    const unsigned char *c, *tbs, *v;
    size_t cl, tl, vl, o = 0;
    unsigned tag;
    if (!kinf__der(cert, n, &o, &tag, &c, &cl) || tag != 0x30) { return 0; }
    o = 0;
    if (!kinf__der(c, cl, &o, &tag, &tbs, &tl) || tag != 0x30) { return 0; }
    o = 0;
    while (kinf__der(tbs, tl, &o, &tag, &v, &vl)) {
        const unsigned char* ext;
        size_t el, eo = 0, xo;
        if (tag != 0xa3) { continue; }
        if (!kinf__der(v, vl, &eo, &tag, &ext, &el) || tag != 0x30) { return 0; }
        xo = 0;
        while (kinf__der(ext, el, &xo, &tag, &v, &vl)) {
            const unsigned char *f, *gn;
            size_t fl, fo = 0, gl, go = 0;
            if (tag != 0x30 || !kinf__der(v, vl, &fo, &tag, &f, &fl) || tag != 0x06 || fl != 3 || memcmp(f, san_oid, 3) != 0) { continue; }
            if (!kinf__der(v, vl, &fo, &tag, &f, &fl)) { return 0; }
            if (tag == 0x01 && !kinf__der(v, vl, &fo, &tag, &f, &fl)) { return 0; }
            if (tag != 0x04 || !kinf__der(f, fl, &go, &tag, &gn, &gl) || tag != 0x30) { return 0; }
            go = 0;
            while (kinf__der(gn, gl, &go, &tag, &f, &fl)) {
                if (tag == 0x87 && fl == (size_t)iplen && !memcmp(f, ip, fl)) { return 1; }
            }
            return 0;
        }
        return 0;
    }
    return 0;
}

/* The X.509 engine: BearSSL's minimal validator, wrapped to keep the
   end-entity certificate (for the IP SAN check BearSSL does not do, and for
   insecure mode, which takes the key without validating anything). */
static kinf__tls* kinf__xw_t(const br_x509_class** ctx) { return ((kinf__xwrap*)(void*)ctx)->t; }
static void kinf__xw_start_chain(const br_x509_class** ctx, const char* server_name) {
    kinf__tls* t = kinf__xw_t(ctx);
    t->cert_idx = 0; t->ee_len = 0; t->ee_over = 0;
    if (!t->insecure) { t->xc.vtable->start_chain(&t->xc.vtable, server_name); }
}
static void kinf__xw_start_cert(const br_x509_class** ctx, uint32_t length) {
    kinf__tls* t = kinf__xw_t(ctx);
    if (!t->insecure) { t->xc.vtable->start_cert(&t->xc.vtable, length); }
}
static void kinf__xw_append(const br_x509_class** ctx, const unsigned char* buf, size_t len) {
    kinf__tls* t = kinf__xw_t(ctx);
    if (t->cert_idx == 0) {
        if (len > sizeof(t->ee) - t->ee_len) { t->ee_over = 1; }
        else { memcpy(t->ee + t->ee_len, buf, len); t->ee_len += len; }
    }
    if (!t->insecure) { t->xc.vtable->append(&t->xc.vtable, buf, len); }
}
static void kinf__xw_end_cert(const br_x509_class** ctx) {
    kinf__tls* t = kinf__xw_t(ctx);
    t->cert_idx++;
    if (!t->insecure) { t->xc.vtable->end_cert(&t->xc.vtable); }
}
static unsigned kinf__xw_end_chain(const br_x509_class** ctx) {
    kinf__tls* t = kinf__xw_t(ctx);
    unsigned r;
    if (t->insecure) {
        if (t->ee_over || t->ee_len == 0) { return BR_ERR_X509_TRUNCATED; }
        br_x509_decoder_init(&t->xd, 0, 0);
        br_x509_decoder_push(&t->xd, t->ee, t->ee_len);
        return br_x509_decoder_get_pkey(&t->xd) ? 0u : (unsigned)br_x509_decoder_last_error(&t->xd);
    }
    r = t->xc.vtable->end_chain(&t->xc.vtable);
    if (r == 0 && t->check_ip && (t->ee_over || !kinf__cert_has_ip(t->ee, t->ee_len, t->ip, t->iplen))) { r = BR_ERR_X509_BAD_SERVER_NAME; }
    return r;
}
static const br_x509_pkey* kinf__xw_get_pkey(const br_x509_class* const* ctx, unsigned* usages) {
    kinf__tls* t = ((const kinf__xwrap*)(const void*)ctx)->t;
    if (t->insecure) {
        if (usages) { *usages = BR_KEYTYPE_KEYX | BR_KEYTYPE_SIGN; }
        return br_x509_decoder_get_pkey(&t->xd);
    }
    return t->xc.vtable->get_pkey(&t->xc.vtable, usages);
}
static const br_x509_class kinf__xw_vtable = {
    sizeof(kinf__xwrap), kinf__xw_start_chain, kinf__xw_start_cert, kinf__xw_append,
    kinf__xw_end_cert, kinf__xw_end_chain, kinf__xw_get_pkey
};

/* PEM objects into anchors, the client chain, or the client key */
enum { KINF__PEM_CA = 0, KINF__PEM_CHAIN, KINF__PEM_KEY };
static void kinf__tls_dn(void* ctx, const void* buf, size_t len) {
    kinf__tls* t = (kinf__tls*)ctx;
    if (len > sizeof(t->anchors) - t->alen) { t->obj_over = 1; return; }
    memcpy(t->anchors + t->alen, buf, len); t->alen += len;
}
static void kinf__tls_x509_push(void* ctx, const void* buf, size_t len) {
    kinf__tls* t = (kinf__tls*)ctx;
    if (t->xd.err == 0) { br_x509_decoder_push(&t->xd, buf, len); } /* BearSSL 0.6 must not be fed after an error */
}
static void kinf__tls_key_push(void* ctx, const void* buf, size_t len) {
    kinf__tls* t = (kinf__tls*)ctx;
    if (t->sk.err == 0) { br_skey_decoder_push(&t->sk, buf, len); }
}
static void kinf__tls_chain_push(void* ctx, const void* buf, size_t len) {
    kinf__tls* t = (kinf__tls*)ctx;
    if (len > sizeof(t->chainbuf) - t->clen) { t->obj_over = 1; return; }
    memcpy(t->chainbuf + t->clen, buf, len); t->clen += len;
}
static int kinf__tls_keep(kinf__tls* t, const void* src, size_t len, unsigned char** out) {
    if (len > sizeof(t->anchors) - t->alen) { t->obj_over = 1; return 0; }
    memcpy(t->anchors + t->alen, src, len); *out = t->anchors + t->alen; t->alen += len;
    return 1;
}
static int kinf__tls_pem_begin(kinf__tls* t, int kind, const char* name) {
    int cert = !strcmp(name, "CERTIFICATE") || !strcmp(name, "X509 CERTIFICATE") || !strcmp(name, "TRUSTED CERTIFICATE");
    if (kind == KINF__PEM_CA && cert) {
        if (t->nta >= KINF_TLS_MAX_CAS) { t->obj_over = 1; return 0; }
        t->obj_start = t->alen;
        br_x509_decoder_init(&t->xd, kinf__tls_dn, t);
        br_pem_decoder_setdest(&t->pem, kinf__tls_x509_push, t);
        return 1;
    }
    if (kind == KINF__PEM_CHAIN && cert) {
        if (t->nchain >= KINF_TLS_MAX_CHAIN) { t->obj_over = 1; return 0; }
        t->obj_start = t->clen;
        br_pem_decoder_setdest(&t->pem, kinf__tls_chain_push, t);
        return 1;
    }
    if (kind == KINF__PEM_KEY && (!strcmp(name, "RSA PRIVATE KEY") || !strcmp(name, "EC PRIVATE KEY") || !strcmp(name, "PRIVATE KEY"))) {
        br_skey_decoder_init(&t->sk);
        br_pem_decoder_setdest(&t->pem, kinf__tls_key_push, t);
        return 1;
    }
    br_pem_decoder_setdest(&t->pem, 0, 0); /* other objects (EC PARAMETERS, ...) are skipped */
    return 0;
}
/* returns 1 if the object was taken, 0 if it is bad */
static int kinf__tls_pem_end(kinf__tls* t, int kind) {
    if (t->obj_over) { return 0; }
    if (kind == KINF__PEM_CA) {
        br_x509_trust_anchor* ta = &t->ta[t->nta];
        const br_x509_pkey* pk = br_x509_decoder_get_pkey(&t->xd);
        if (!pk) { return 0; }
        ta->dn.data = t->anchors + t->obj_start;
        ta->dn.len = t->alen - t->obj_start;
        ta->flags = br_x509_decoder_isCA(&t->xd) ? BR_X509_TA_CA : 0;
        ta->pkey.key_type = pk->key_type;
        if (pk->key_type == BR_KEYTYPE_RSA) {
            if (!kinf__tls_keep(t, pk->key.rsa.n, pk->key.rsa.nlen, &ta->pkey.key.rsa.n) ||
                !kinf__tls_keep(t, pk->key.rsa.e, pk->key.rsa.elen, &ta->pkey.key.rsa.e)) { return 0; }
            ta->pkey.key.rsa.nlen = pk->key.rsa.nlen; ta->pkey.key.rsa.elen = pk->key.rsa.elen;
        } else if (pk->key_type == BR_KEYTYPE_EC) {
            if (!kinf__tls_keep(t, pk->key.ec.q, pk->key.ec.qlen, &ta->pkey.key.ec.q)) { return 0; }
            ta->pkey.key.ec.qlen = pk->key.ec.qlen; ta->pkey.key.ec.curve = pk->key.ec.curve;
        } else {
            return 0;
        }
        t->nta++;
        return 1;
    }
    if (kind == KINF__PEM_CHAIN) {
        if (t->clen == t->obj_start) { return 0; }
        t->chain[t->nchain].data = t->chainbuf + t->obj_start;
        t->chain[t->nchain].data_len = t->clen - t->obj_start;
        t->nchain++;
        return 1;
    }
    if (br_skey_decoder_last_error(&t->sk) != 0) { return 0; }
    t->have_key = br_skey_decoder_key_type(&t->sk);
    return t->have_key != 0;
}
/* Loads PEM from a file (read in small pieces) or from memory. Returns the
   number of objects taken, or -1 on a bad object / size cap / unreadable file. */
static int kinf__tls_pem_load(kinf__tls* t, const char* file, const void* data, size_t len, int kind, int* too_large) {
    unsigned char buf[512];
    unsigned char crlf[512];
    int fd = -1, taken = 0, in_obj = 0, bad = 0, done = 0;
    const unsigned char* p = (const unsigned char*)data;
    br_pem_decoder_init(&t->pem);
    t->obj_over = 0;
    if (file && file[0]) {
        fd = open(file, O_RDONLY);
        if (fd < 0) { return -1; }
    }
    while (!done && !bad) {
        const unsigned char* chunk;
        size_t n;
        if (fd >= 0) {
            ssize_t r = read(fd, buf, sizeof(buf) - 1);
            if (r < 0 && errno == EINTR) { continue; }
            if (r < 0) { bad = 1; break; }
            if (r == 0) { buf[0] = '\n'; n = 1; done = 1; } else { n = (size_t)r; }
            chunk = buf;
        } else {
            if (len) { n = len < sizeof(buf) ? len : sizeof(buf); memcpy(buf, p, n); p += n; len -= n; chunk = buf; }
            else { chunk = (const unsigned char*)"\n"; n = 1; done = 1; }
        }
        {   /* CRLF files: BearSSL 0.6 would read "NAME-----\r" as the object name */
            size_t i, o = 0;
            for (i = 0; i < n; i++) { if (chunk[i] != '\r') { crlf[o++] = chunk[i]; } }
            chunk = crlf; n = o;
        }
        while (n > 0 && !bad) {
            size_t used = br_pem_decoder_push(&t->pem, chunk, n);
            chunk += used; n -= used;
            switch (br_pem_decoder_event(&t->pem)) {
            case BR_PEM_BEGIN_OBJ: in_obj = kinf__tls_pem_begin(t, kind, br_pem_decoder_name(&t->pem)); if (t->obj_over) { bad = 1; } break;
            case BR_PEM_END_OBJ: if (in_obj) { if (kinf__tls_pem_end(t, kind)) { taken++; } else { bad = 1; } } in_obj = 0; break;
            case BR_PEM_ERROR: bad = 1; break;
            default: break;
            }
        }
    }
    if (fd >= 0) { close(fd); }
    if (in_obj) { bad = 1; } /* an object with no END line: never half a key */
    memset(buf, 0, sizeof(buf));
    memset(crlf, 0, sizeof(crlf));
    *too_large = t->obj_over;
    return bad ? -1 : taken;
}

static void kinf__tls_fail_item(kinf_informer_t* inf, kinf__tls* t, int err) {
    char num[21];
    uint32_t item = KINF_LOGITEM_TLS_HANDSHAKE_FAILED;
    /* a TLS record starts with a content type 20..24; "HTTP/" or an HTML
       page is a plain-HTTP server */
    if (t->rx_bytes >= 1 && !t->handshaken && (t->rx_head[0] < 20 || t->rx_head[0] > 24)) { item = KINF_LOGITEM_TLS_PLAINTEXT_SERVER; }
    else if (err == BR_ERR_X509_NOT_TRUSTED) { item = KINF_LOGITEM_TLS_UNTRUSTED; }
    else if (err == BR_ERR_X509_BAD_SERVER_NAME) { item = KINF_LOGITEM_TLS_BAD_NAME; }
    else if (err == BR_ERR_X509_EXPIRED) { item = KINF_LOGITEM_TLS_EXPIRED; }
    else if (err >= BR_ERR_RECV_FATAL_ALERT && err < BR_ERR_SEND_FATAL_ALERT && !t->handshaken) {
        int alert = err - BR_ERR_RECV_FATAL_ALERT;
        /* bad_certificate .. certificate_unknown, unknown_ca, access_denied, certificate_required */
        if ((alert >= 42 && alert <= 46) || alert == 48 || alert == 49 || alert == 116 || (alert == 40 && t->have_key)) {
            item = KINF_LOGITEM_TLS_CLIENT_CERT_REJECTED;
        }
    }
    {
        char d[64];
        d[0] = 0;
        kinf__cat(d, sizeof(d), " (BearSSL error ");
        kinf__cat(d, sizeof(d), kinf__utoa(num, (uint64_t)(err < 0 ? 0 : err)));
        kinf__cat(d, sizeof(d), ")");
        kinf__log(inf, KINF_LOG_ERROR, item, inf->host, d, __LINE__);
    }
}
/* Moves records between the engine and the socket as far as it can now.
   Returns 0, -1 at a clean close, -2 on an error (logged). */
static int kinf__tls_pump(kinf_informer_t* inf, int want_read) {
    kinf__tls* t = (kinf__tls*)inf->tls;
    br_ssl_engine_context* e = &t->cc.eng;
    int i;
    for (i = 0; i < 64; i++) {
        unsigned st = br_ssl_engine_current_state(e);
        if (st == BR_SSL_CLOSED) {
            int err = br_ssl_engine_last_error(e);
            if (err == BR_ERR_OK && t->handshaken) { return -1; }
            kinf__tls_fail_item(inf, t, err);
            return -2;
        }
        if ((st & BR_SSL_SENDAPP) || (st & BR_SSL_RECVAPP)) { t->handshaken = 1; }
        if (st & BR_SSL_SENDREC) {
            size_t len;
            unsigned char* b = br_ssl_engine_sendrec_buf(e, &len);
            ssize_t w = send(inf->sock.fd, b, len, KINF__SEND_FLAGS);
            if (w > 0) { br_ssl_engine_sendrec_ack(e, (size_t)w); inf->st.bytes_written += (uint64_t)w; continue; }
            if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) { return 0; }
            /* a reset in the handshake often hides the server's alert */
            if (!t->handshaken) { kinf__tls_fail_item(inf, t, br_ssl_engine_last_error(e)); } else { KINF__ERR(inf, IO_ERROR, "send", 0); }
            return -2;
        }
        if ((st & BR_SSL_RECVREC) && !(st & BR_SSL_RECVAPP) && (want_read || !t->handshaken)) {
            size_t len;
            unsigned char* b = br_ssl_engine_recvrec_buf(e, &len);
            ssize_t r = recv(inf->sock.fd, b, len, 0);
            if (r > 0) {
                int k;
                for (k = 0; k < r && t->rx_bytes < 5; k++) { t->rx_head[t->rx_bytes++] = b[k]; }
                br_ssl_engine_recvrec_ack(e, (size_t)r);
                inf->st.bytes_read += (uint64_t)r;
                continue;
            }
            if (r == 0) {
                if (!t->handshaken) { kinf__tls_fail_item(inf, t, BR_ERR_IO); return -2; }
                return -1;
            }
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
            if (!t->handshaken) { kinf__tls_fail_item(inf, t, br_ssl_engine_last_error(e)); } else { KINF__ERR(inf, IO_ERROR, "recv", 0); }
            return -2;
        }
        return 0;
    }
    return 0;
}
/* BearSSL's validation time from Unix seconds: days since 0000-01-01 in the
   proleptic Gregorian calendar (1970-01-01 is day 719528) and seconds since
   midnight. 0 for no time: 0 or less (unknown), or past the year 9999. */
static int kinf__tls_date(int64_t t, uint32_t* days, uint32_t* secs) {
    if (t <= 0 || t > INT64_C(253402300799)) { return 0; }
    *days = (uint32_t)(t / 86400) + 719528u;
    *secs = (uint32_t)(t % 86400);
    return 1;
}
/* BearSSL left alone would call time(), which is 32 bits on i686, armhf,
   mips and ppc unless the program is built with _TIME_BITS=64: its
   certificate checks would break in 2038. */
static int64_t kinf__tls_system_time(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0) { return 0; } /* glibc's 32-bit time_t after 2038: EOVERFLOW */
    if (sizeof(ts.tv_sec) < 8) { return (int64_t)(uint32_t)ts.tv_sec; } /* a libc whose 32 bits wrap: right until 2106 */
    return (int64_t)ts.tv_sec;
}
/* Starts the handshake on a new connection. 0 when there is no time to check
   the server's certificate against (logged). */
static int kinf__tls_connect(kinf_informer_t* inf) {
    kinf__tls* t = (kinf__tls*)inf->tls;
    t->rx_bytes = 0; t->handshaken = 0;
    if (t->insecure) { KINF__WARN(inf, TLS_INSECURE, inf->host, 0); }
    else {
        uint32_t days, secs;
        if (!kinf__tls_date(t->time_fn ? t->time_fn(t->time_user) : kinf__tls_system_time(), &days, &secs)) {
            KINF__ERR(inf, TLS_NO_CLOCK, inf->host, t->time_fn ? " (desc.tls_time gave none)" :
                      " (the system clock cannot be read: a 32-bit time_t after 2038? build with -D_TIME_BITS=64 or set desc.tls_time)");
            return 0;
        }
        br_x509_minimal_set_time(&t->xc, days, secs);
    }
    br_ssl_client_reset(&t->cc, t->sni[0] ? t->sni : 0, 0);
    return 1;
}
static unsigned kinf__tls_wants(kinf_informer_t* inf, int want_read) {
    kinf__tls* t = (kinf__tls*)inf->tls;
    unsigned st = br_ssl_engine_current_state(&t->cc.eng), w = 0;
    if (st & BR_SSL_SENDREC) { w |= KINF_WANT_WRITE; }
    if ((st & BR_SSL_RECVREC) && !(st & BR_SSL_RECVAPP) && (want_read || !t->handshaken)) { w |= KINF_WANT_READ; }
    if ((st & BR_SSL_SENDAPP) && !want_read) { w |= KINF_WANT_WRITE; }
    return w;
}
static int kinf__tls_app_pending(kinf_informer_t* inf) {
    return (br_ssl_engine_current_state(&((kinf__tls*)inf->tls)->cc.eng) & BR_SSL_RECVAPP) != 0;
}
/* Sets up the TLS region at init: trust anchors, client chain and key. */
static int kinf__tls_init(kinf_informer_t* inf, const kinf_desc_t* d) {
    kinf__tls* t = (kinf__tls*)inf->tls;
    int n, big = 0;
    memset(t, 0, sizeof(*t));
    t->insecure = d->insecure_skip_tls_verify != 0;
    t->time_fn = d->tls_time; t->time_user = d->tls_time_user;
    if (!t->insecure) {
        if (!(d->ca_file && d->ca_file[0]) && !(d->ca_data && d->ca_len)) { KINF__ERR(inf, TLS_NO_CA, 0, 0); return 0; }
        n = kinf__tls_pem_load(t, d->ca_file, d->ca_data, d->ca_len, KINF__PEM_CA, &big);
        if (n <= 0) {
            if (big) { KINF__ERR(inf, TLS_TOO_LARGE, "CA bundle", 0); }
            else { KINF__ERR(inf, TLS_BAD_CA, d->ca_file ? d->ca_file : "ca_data", 0); }
            return 0;
        }
    }
    br_ssl_client_init_full(&t->cc, &t->xc, t->ta, t->nta);
    br_ssl_engine_set_versions(&t->cc.eng, BR_TLS12, BR_TLS12);
    t->xw.vtable = &kinf__xw_vtable;
    t->xw.t = t;
    br_ssl_engine_set_x509(&t->cc.eng, &t->xw.vtable);
    br_ssl_engine_set_buffer(&t->cc.eng, t->iobuf, sizeof(t->iobuf), 1);
    if ((d->client_cert_file && d->client_cert_file[0]) || (d->client_cert_data && d->client_cert_len)) {
        n = kinf__tls_pem_load(t, d->client_cert_file, d->client_cert_data, d->client_cert_len, KINF__PEM_CHAIN, &big);
        if (n <= 0) { if (big) { KINF__ERR(inf, TLS_TOO_LARGE, "client chain", 0); } else { KINF__ERR(inf, TLS_BAD_CLIENT_CERT, d->client_cert_file, 0); } return 0; }
        n = kinf__tls_pem_load(t, d->client_key_file, d->client_key_data, d->client_key_len, KINF__PEM_KEY, &big);
        if (n != 1) { KINF__ERR(inf, TLS_BAD_CLIENT_KEY, d->client_key_file, 0); return 0; }
        if (t->have_key == BR_KEYTYPE_RSA) {
            br_ssl_client_set_single_rsa(&t->cc, t->chain, t->nchain, br_skey_decoder_get_rsa(&t->sk), br_rsa_pkcs1_sign_get_default());
        } else {
            br_ssl_client_set_single_ec(&t->cc, t->chain, t->nchain, br_skey_decoder_get_ec(&t->sk), BR_KEYTYPE_SIGN, 0,
                                        br_ec_get_default(), br_ecdsa_sign_asn1_get_default());
        }
    } else if ((d->client_key_file && d->client_key_file[0]) || (d->client_key_data && d->client_key_len)) {
        KINF__ERR(inf, TLS_BAD_CLIENT_CERT, "a client key without a certificate", 0);
        return 0;
    }
    /* the name checked: tls_server_name, else the URL's host; an IP address
       is checked against the SAN's IP entries and sent with no SNI */
    {
        const char* name = (d->tls_server_name && d->tls_server_name[0]) ? d->tls_server_name : inf->host;
        if (inet_pton(AF_INET, name, t->ip) == 1) { t->check_ip = 1; t->iplen = 4; }
        else if (inet_pton(AF_INET6, name, t->ip) == 1) { t->check_ip = 1; t->iplen = 16; }
        else if (!kinf__strlcpy(t->sni, name, sizeof(t->sni))) { KINF__ERR(inf, CONFIG_TOO_LONG, "tls_server_name", 0); return 0; }
    }
    return 1;
}
#endif /* KINF_TLS_BEARSSL */

#ifndef KINF_ENGINE_ONLY /* to the end of >>driver */
/* >>transport io  the transport: plain socket or TLS, non-blocking.
   send: >0 bytes taken, 0 would block, -2 error.
   recv: >0 bytes, 0 would block, -1 end of stream, -2 error. */
static long kinf__io_send(kinf_informer_t* inf, const void* buf, size_t len) {
#ifdef KINF_TLS_BEARSSL
    if (inf->tls) {
        kinf__tls* t = (kinf__tls*)inf->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (kinf__tls_pump(inf, 0) < 0) { return -2; }
        if (!(br_ssl_engine_current_state(e) & BR_SSL_SENDAPP)) { return 0; }
        a = br_ssl_engine_sendapp_buf(e, &alen);
        if (alen > len) { alen = len; }
        memcpy(a, buf, alen);
        br_ssl_engine_sendapp_ack(e, alen);
        br_ssl_engine_flush(e, 0);
        if (kinf__tls_pump(inf, 0) == -2) { return -2; }
        return (long)alen;
    }
#endif
    {
        ssize_t w = send(inf->sock.fd, buf, len, KINF__SEND_FLAGS);
        if (w >= 0) { inf->st.bytes_written += (uint64_t)w; return (long)w; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__ERR(inf, IO_ERROR, "send", 0);
        return -2;
    }
}
static long kinf__io_recv(kinf_informer_t* inf, void* buf, size_t cap) {
#ifdef KINF_TLS_BEARSSL
    if (inf->tls) {
        kinf__tls* t = (kinf__tls*)inf->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (!(br_ssl_engine_current_state(e) & BR_SSL_RECVAPP)) {
            int r = kinf__tls_pump(inf, 1);
            if (r < 0) { return r; }
            if (!(br_ssl_engine_current_state(e) & BR_SSL_RECVAPP)) { return 0; }
        }
        a = br_ssl_engine_recvapp_buf(e, &alen);
        if (alen > cap) { alen = cap; }
        memcpy(buf, a, alen);
        br_ssl_engine_recvapp_ack(e, alen);
        return (long)alen;
    }
#endif
    {
        ssize_t r = recv(inf->sock.fd, buf, cap, 0);
        if (r > 0) { inf->st.bytes_read += (uint64_t)r; return (long)r; }
        if (r == 0) { return -1; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__ERR(inf, IO_ERROR, "recv", 0);
        return -2;
    }
}

/* >>driver  the built-in transport: a non-blocking socket (and BearSSL for
   https://), kinf_poll and kinf_run over the engine calls */
static uint64_t kinf__drv_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}
/* Reads a small file whole into buf: its length, -1 if it cannot be read,
   -2 if it holds more than cap bytes. The one file reader of the library
   (the token file, kubeconfig, the service account's namespace). */
static long kinf__drv_read_file(const char* path, void* buf, size_t cap) {
    unsigned char* b = (unsigned char*)buf;
    size_t n = 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0) { return -1; }
    for (;;) {
        ssize_t r = read(fd, b + n, cap - n);
        if (r < 0 && errno == EINTR) { continue; }
        if (r < 0) { close(fd); return -1; }
        if (r == 0) { break; }
        n += (size_t)r;
        if (n == cap) { char c; r = read(fd, &c, 1); close(fd); return r > 0 ? -2 : (long)n; }
    }
    close(fd);
    return (long)n;
}
KINF_API int kinf_refresh_token_file(kinf_informer_t* inf, uint64_t now_ms) {
    char buf[KINF_MAX_TOKEN + 4]; /* room for a token of KINF_MAX_TOKEN - 1 bytes and a CRLF */
    long r;
    size_t n;
    int rc;
    if (!kinf__ok(inf) || !inf->token_file[0]) { return KINF_ERR_INVAL; }
    r = kinf__drv_read_file(inf->token_file, buf, sizeof(buf));
    if (r == -2) { r = (long)sizeof(buf); } /* too long: refused below */
    if (r < 0) { KINF__WARN(inf, TOKEN_FILE_UNREADABLE, inf->token_file, 0); kinf_engine_set_token(inf, 0, now_ms); return KINF_ERR_IO; }
    n = (size_t)r;
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t')) { n--; }
    if (n >= KINF_MAX_TOKEN) { KINF__WARN(inf, TOKEN_TOO_LONG, inf->token_file, 0); kinf_engine_set_token(inf, 0, now_ms); return KINF_ERR_INVAL; }
    if (n == 0) { KINF__WARN(inf, TOKEN_FILE_UNREADABLE, inf->token_file, " (empty)"); kinf_engine_set_token(inf, 0, now_ms); return KINF_ERR_IO; }
    buf[n] = 0;
    rc = kinf_engine_set_token(inf, buf, now_ms);
    memset(buf, 0, sizeof(buf));
    return rc;
}
static void kinf__sock_close(kinf_informer_t* inf) {
    if (inf->sock.fd >= 0) { close(inf->sock.fd); }
    inf->sock.fd = -1;
    inf->sock.connecting = 0;
}
static int kinf__sock_resolve(kinf_informer_t* inf) {
    kinf__sock* k = &inf->sock;
    struct sockaddr_in* a4 = (struct sockaddr_in*)(void*)&k->addrs[0];
    struct sockaddr_in6* a6 = (struct sockaddr_in6*)(void*)&k->addrs[0];
    struct addrinfo hints, *res = 0, *ai;
    char port[21];
    k->naddr = 0; k->ai = 0;
    memset(&k->addrs[0], 0, sizeof(k->addrs[0]));
    /* numeric addresses need no resolver (and no allocation in libc) */
    if (inet_pton(AF_INET, inf->host, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET; a4->sin_port = htons(inf->port);
        k->alens[0] = sizeof(*a4); k->naddr = 1; return 1;
    }
    if (inet_pton(AF_INET6, inf->host, &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6; a6->sin6_port = htons(inf->port);
        k->alens[0] = sizeof(*a6); k->naddr = 1; return 1;
    }
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(inf->host, kinf__utoa(port, inf->port), &hints, &res) != 0 || !res) { return 0; }
    for (ai = res; ai && k->naddr < 4; ai = ai->ai_next) {
        if (ai->ai_addrlen > sizeof(k->addrs[0])) { continue; }
        memcpy(&k->addrs[k->naddr], ai->ai_addr, ai->ai_addrlen);
        k->alens[k->naddr++] = (socklen_t)ai->ai_addrlen;
    }
    freeaddrinfo(res);
    return k->naddr > 0;
}
/* starts a non-blocking connect to the next address; 1 started, 0 none left */
static int kinf__sock_connect_next(kinf_informer_t* inf, uint64_t now) {
    kinf__sock* k = &inf->sock;
    kinf__sock_close(inf);
    while (k->ai < k->naddr) {
        int fd = socket(k->addrs[k->ai].ss_family, SOCK_STREAM, 0), one = 1, r;
        k->ai++;
        if (fd < 0) { continue; }
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
#endif
        r = connect(fd, (struct sockaddr*)(void*)&k->addrs[k->ai - 1], k->alens[k->ai - 1]);
        if (r == 0 || errno == EINPROGRESS) {
            k->fd = fd;
            k->connecting = 1;
            k->t_connect = now;
            return 1;
        }
        close(fd);
    }
    return 0;
}
/* "host:port" ("[v6]:port") for the connection's log lines; out has 272 bytes */
static const char* kinf__sock_where(const kinf_informer_t* inf, char* out) {
    char num[21];
    const char* ps = kinf__utoa(num, inf->port);
    size_t n = strlen(inf->host), o = 0, v6 = memchr(inf->host, ':', n) != 0;
    if (v6) { out[o++] = '['; }
    memcpy(out + o, inf->host, n); o += n;
    if (v6) { out[o++] = ']'; }
    out[o++] = ':';
    memcpy(out + o, ps, strlen(ps) + 1);
    return out;
}
/* The engine wants a connection: starts one, or sees whether the one under
   way is up. 1 when the engine was told something, 0 to wait. */
static int kinf__sock_connect(kinf_informer_t* inf, uint64_t now) {
    kinf__sock* k = &inf->sock;
    struct pollfd pf;
    char where[272];
    int err = 0;
    socklen_t el = sizeof(err);
    if (!k->connecting) {
        kinf__sock_close(inf);
        if (!kinf__sock_resolve(inf)) { KINF__ERR(inf, RESOLVE_FAILED, inf->host, 0); kinf_engine_failed(inf, 0, 0, now); return 1; }
        if (!kinf__sock_connect_next(inf, now)) { KINF__ERR(inf, CONNECT_FAILED, kinf__sock_where(inf, where), 0); kinf_engine_failed(inf, 0, 0, now); return 1; }
    }
    pf.fd = k->fd; pf.events = POLLOUT; pf.revents = 0;
    if (poll(&pf, 1, 0) <= 0) {
        if (now - k->t_connect < (uint64_t)inf->connect_ms) { return 0; }
        if (kinf__sock_connect_next(inf, now)) { return 1; }
        KINF__ERR(inf, CONNECT_TIMEOUT, kinf__sock_where(inf, where), 0);
        kinf_engine_failed(inf, 0, 0, now);
        return 1;
    }
    if (getsockopt(k->fd, SOL_SOCKET, SO_ERROR, &err, &el) != 0 || err != 0) {
        if (kinf__sock_connect_next(inf, now)) { return 1; }
        KINF__ERR(inf, CONNECT_FAILED, kinf__sock_where(inf, where), err == ECONNREFUSED ? " (refused)" : 0);
        kinf_engine_failed(inf, 0, 0, now);
        return 1;
    }
    k->connecting = 0;
#ifdef KINF_TLS_BEARSSL
    if (inf->tls && !kinf__tls_connect(inf)) { kinf__sock_close(inf); kinf_engine_failed(inf, 0, 0, now); return 1; }
#endif
    kinf_engine_connected(inf, now);
    return 1;
}
/* the bytes one step reads at most before it returns, so that handlers run
   (and the queue drains) at the same pace whatever the read buffer's size:
   a read asks no more than the step has left */
#ifndef KINF__STEP_BYTES /* tests lower it */
#define KINF__STEP_BYTES (1u << 20)
#endif
/* One step of the built-in driver: all the I/O the socket allows now, bounded. */
static void kinf__drv_step(kinf_informer_t* inf) {
    int rounds;
    size_t got = 0;
    inf->sock.counts_bytes = 1;
    for (rounds = 0; rounds < 64 && !inf->stop; rounds++) {
        uint64_t now = kinf__drv_now_ms();
        unsigned st;
        inf->now = now;
        kinf__rf_advance(inf);
        st = kinf__rf_state(inf);
        if (st & KINF_ENG_CLOSE) { kinf__sock_close(inf); kinf_engine_closed(inf, now); continue; }
        if (st & KINF_ENG_TOKEN) { kinf_refresh_token_file(inf, now); continue; }
        if (st & KINF_ENG_CONNECT) {
            if (kinf__sock_connect(inf, now)) { continue; }
            return;
        }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf_engine_sendbuf(inf, &len);
            long w;
            if (!b) { continue; }
            w = kinf__io_send(inf, b, len);
            if (w < 0) { kinf__sock_close(inf); kinf_engine_failed(inf, 0, 0, now); continue; }
            if (w == 0) { kinf__rf_idle_check(inf); return; }
            kinf_engine_sent(inf, (size_t)w, now);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            size_t cap;
            uint8_t* b;
            long r;
            if (got >= KINF__STEP_BYTES) { return; } /* what was read is consumed; the rest waits for the next step */
            b = kinf_engine_recvbuf(inf, &cap);
            r = kinf__io_recv(inf, b, cap < KINF__STEP_BYTES - got ? cap : KINF__STEP_BYTES - got);
            if (r == -2) { kinf__sock_close(inf); kinf_engine_failed(inf, 0, 0, now); continue; }
            if (r == 0) { kinf__rf_idle_check(inf); return; }
            if (r == -1) { kinf__sock_close(inf); kinf_engine_closed(inf, now); continue; }
            got += (size_t)r;
            kinf_engine_recvd(inf, (size_t)r, now);
            continue;
        }
        return;
    }
}
#endif /* KINF_ENGINE_ONLY */

/* >>field  reads one value of a compact JSON object by path */
static const char* kinf__jskip(const char* p, const char* e) {
    int depth = 0;
    while (p < e) {
        char c = *p++;
        if (c == '"') {
            while (p < e && *p != '"') { if (*p == '\\') { p++; } p++; }
            p++;
            if (depth == 0) { return p; }
        } else if (c == '{' || c == '[') { depth++; }
        else if (c == '}' || c == ']') { if (--depth <= 0) { return depth < 0 ? p - 1 : p; } }
        else if (depth == 0 && (c == ',')) { return p - 1; }
    }
    return e;
}
/* metadata.name, .namespace, .uid and .resourceVersion from the object's
   fields, for a projected JSON that does not repeat them */
static int kinf__identity_field(const kinf_object_t* obj, const char* path, kinf_value_t* out) {
    const char* v = !strcmp(path, "metadata.name") ? obj->name : !strcmp(path, "metadata.namespace") ? obj->namespace_ :
                    !strcmp(path, "metadata.uid") ? obj->uid : !strcmp(path, "metadata.resourceVersion") ? obj->resource_version : 0;
    if (!v || (!v[0] && v == obj->namespace_)) { return 0; } /* cluster-scoped: no namespace */
    out->type = KINF_VSTRING; out->ptr = v; out->len = strlen(v);
    return 1;
}
static int kinf__field_json(const kinf_object_t* obj, const char* path, kinf_value_t* out);
KINF_API int kinf_field(const kinf_object_t* obj, const char* path, kinf_value_t* out) {
    if (!obj || !obj->json || !path || !out) { return 0; }
    if (kinf__field_json(obj, path, out)) { return 1; }
    return kinf__identity_field(obj, path, out);
}
static int kinf__field_json(const kinf_object_t* obj, const char* path, kinf_value_t* out) {
    const char* p;
    const char* e;
    char seg[256];
    p = obj->json; e = obj->json + obj->json_len;
    out->type = KINF_VNONE; out->ptr = 0; out->len = 0;
    while (*path) {
        size_t sl = 0;
        int64_t idx;
        while (*path && *path != '.') {
            if (*path == '\\' && path[1]) { path++; }
            if (sl + 1 >= sizeof(seg)) { return 0; }
            seg[sl++] = *path++;
        }
        if (*path == '.') { path++; }
        seg[sl] = 0;
        idx = kinf__parse_dec(seg, sl);
        if (p < e && *p == '{') {
            int found = 0;
            p++;
            while (p < e && *p == '"') {
                const char* ks = ++p;
                while (p < e && *p != '"') { if (*p == '\\') { p++; } p++; }
                if ((size_t)(p - ks) == sl && !memcmp(ks, seg, sl)) { p += 2; found = 1; break; }
                p += 2;
                p = kinf__jskip(p, e);
                if (p < e && *p == ',') { p++; }
            }
            if (!found) { return 0; }
        } else if (p < e && *p == '[' && idx >= 0) {
            int64_t k;
            p++;
            for (k = 0; k < idx && p < e && *p != ']'; k++) {
                p = kinf__jskip(p, e);
                if (p < e && *p == ',') { p++; }
            }
            if (p >= e || *p == ']') { return 0; }
        } else {
            return 0;
        }
    }
    {
        const char* v = p;
        const char* ve = kinf__jskip(p, e);
        if (v >= e) { return 0; }
        switch (*v) {
        case '{': out->type = KINF_VOBJECT; break;
        case '[': out->type = KINF_VARRAY; break;
        case '"': out->type = KINF_VSTRING; v++; ve--; break;
        case 't': case 'f': out->type = KINF_VBOOL; break;
        case 'n': out->type = KINF_VNULL; break;
        default: out->type = KINF_VNUMBER; break;
        }
        out->ptr = v; out->len = (size_t)(ve - v);
    }
    return 1;
}
KINF_API size_t kinf_field_str(const kinf_object_t* obj, const char* path, char* buf, size_t cap) {
    kinf_value_t v;
    size_t i, o = 0, full = 0;
    if (!buf || cap == 0) { return 0; }
    buf[0] = 0;
    if (!kinf_field(obj, path, &v)) { return 0; }
    for (i = 0; i < v.len; i++) {
        char c = v.ptr[i];
        if (v.type == KINF_VSTRING && c == '\\' && i + 1 < v.len) {
            char n = v.ptr[++i];
            c = n == 'n' ? '\n' : n == 't' ? '\t' : n == 'r' ? '\r' : n == 'b' ? '\b' : n == 'f' ? '\f' : n;
            if (n == 'u' && i + 4 < v.len) {
                unsigned u = 0;
                int k;
                for (k = 1; k <= 4; k++) {
                    char h = v.ptr[i + (size_t)k];
                    int hv = kinf__hexval((unsigned char)h);
                    u = u * 16u + (unsigned)(hv < 0 ? 0 : hv); /* the scanner validated the escape */
                }
                i += 4;
                c = u < 0x80 ? (char)u : '?'; /* non-ASCII escapes read as '?' */
            }
        }
        if (o + 1 < cap) { buf[o++] = c; }
        full++;
    }
    buf[o] = 0;
    return full;
}
KINF_API kinf_stats_t kinf_stats(kinf_informer_t* inf) {
    kinf_stats_t s;
    memset(&s, 0, sizeof(s));
    if (!kinf__ok(inf)) { return s; }
    s = inf->st;
    s.objects = (uint32_t)inf->nlive; s.max_objects = (uint32_t)inf->max_objects;
    s.fifo_len = inf->flen; s.fifo_capacity = (uint32_t)inf->fifo_cap;
    s.store_used = inf->used; s.store_capacity = inf->store_bytes; s.store_peak = inf->peak;
    s.mem_used = inf->mem_layout; s.mem_capacity = inf->mem_size;
    s.caps.head_bytes = KINF_MAX_HEAD_BYTES; s.caps.headers = KINF_MAX_HEADERS; s.caps.depth = KINF_MAX_DEPTH;
    s.caps.rules = KINF_MAX_RULES; s.caps.continue_bytes = KINF_MAX_CONTINUE; s.caps.token_bytes = KINF_MAX_TOKEN;
    s.caps.read_bytes = (uint32_t)inf->rcap;
    return s;
}
KINF_API const char* kinf_resource_version(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->last_rv : ""; }
KINF_API uint32_t kinf_last_error(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->last_error : (uint32_t)KINF_LOGITEM_OK; }
KINF_API void kinf_clear_error(kinf_informer_t* inf) { if (kinf__ok(inf)) { inf->last_error = KINF_LOGITEM_OK; } }
KINF_API const char* kinf_log_item_name(uint32_t item) { return item < KINF_LOGITEM_COUNT ? kinf__log_part(kinf__log_names, item) : "?"; }
KINF_API int kinf_log_item_is_final(uint32_t item) { return item == KINF_LOGITEM_BAD_REQUEST || item == KINF_LOGITEM_NOT_FOUND; }

/* >>config  kubeconfig (a YAML subset), in-cluster service account, base64 */
#ifndef KINF_ENGINE_ONLY /* the loaders read files and the environment */

/* Decodes standard base64 from src into dst (cap bytes); returns the length
   or -1 when src is not base64 or dst is too small. */
static long kinf__b64(const char* src, size_t n, unsigned char* dst, size_t cap) {
    uint32_t acc = 0;
    size_t i, o = 0;
    int bits = 0, pad = 0;
    for (i = 0; i < n; i++) {
        char c = src[i];
        int v;
        if (c == '=') { pad++; continue; }
        if (pad) { return -1; } /* data after padding */
        if (c >= 'A' && c <= 'Z') { v = c - 'A'; } else if (c >= 'a' && c <= 'z') { v = c - 'a' + 26; }
        else if (c >= '0' && c <= '9') { v = c - '0' + 52; } else if (c == '+') { v = 62; } else if (c == '/') { v = 63; }
        else { return -1; }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (o >= cap) { return -1; }
            dst[o++] = (unsigned char)(acc >> bits);
        }
    }
    if (pad > 2 || (bits == 6) || ((n - (size_t)pad) % 4 + (size_t)pad) % 4 != 0) { return -1; }
    return (long)o;
}

enum { KINF__Y_SCALAR = 0, KINF__Y_NULL, KINF__Y_MAP, KINF__Y_SEQ, KINF__Y_FLOW };
typedef struct kinf__yseg { const char* k; size_t kl; int idx; uint8_t style; } kinf__yseg;
typedef struct kinf__yval { const char* p; size_t n; int type; uint8_t style; } kinf__yval;
typedef void (*kinf__yfn)(void* u, const kinf__yseg* path, int n, const kinf__yval* v);
#define KINF__YDEPTH 16

/* Decodes a scalar (plain, 'single' or "double" quoted) into out. Returns
   the length, or -1 if it does not fit or has a bad escape. */
static long kinf__ystr_raw(const char* p, size_t n, int style, char* out, size_t cap) {
    size_t i, o = 0;
    for (i = 0; i < n; i++) {
        char c = p[i];
        if (style == 1 && c == '\'') { i++; }                     /* '' is ' */
        else if (style == 2 && c == '\\') {
            char e;
            if (++i >= n) { return -1; }
            e = p[i];
            c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == '0' ? '\0' : e == '"' ? '"' : e == '\\' ? '\\' : e == '/' ? '/' : e == ' ' ? ' ' : 0;
            if (e == 'x' || e == 'u') {
                unsigned v = 0, k, nd = e == 'x' ? 2u : 4u;
                for (k = 0; k < nd; k++) {
                    char h;
                    if (++i >= n) { return -1; }
                    h = p[i];
                    if (kinf__hexval((unsigned char)h) < 0) { return -1; }
                    v = v * 16u + (unsigned)kinf__hexval((unsigned char)h);
                }
                if (v >= 0x80) { out[0] = 0; return -1; } /* ASCII only: names, paths and tokens are */
                c = (char)v;
            } else if (!c && e != '0') { return -1; }
        }
        if (o + 1 >= cap) { return -1; }
        out[o++] = c;
    }
    out[o] = 0;
    return (long)o;
}
static long kinf__ystr(const char* p, size_t n, int style, char* out, size_t cap) {
    long r;
    if (cap == 0) { return -1; }
    r = kinf__ystr_raw(p, n, style, out, cap);
    if (r < 0) { out[0] = 0; } /* never a partial, unterminated string */
    return r;
}
/* scalar [p, e): plain (comment stripped, trimmed) or quoted on one line */
static int kinf__yscalar(const char* p, const char* e, kinf__yval* v) {
    v->type = KINF__Y_SCALAR;
    if (*p == '"' || *p == '\'') {
        char q = *p++;
        const char* s = p;
        while (p < e) {
            if (q == '"' && *p == '\\') { p += 2; continue; }
            if (*p == q) {
                if (q == '\'' && p + 1 < e && p[1] == '\'') { p += 2; continue; }
                break;
            }
            p++;
        }
        if (p >= e) { return 0; } /* unterminated, or a multi-line quoted scalar */
        v->p = s; v->n = (size_t)(p - s); v->style = q == '"' ? 2 : 1;
        p++;
        while (p < e && *p == ' ') { p++; }
        return p == e || *p == '#';
    }
    {
        const char* s = p;
        const char* end = p;
        while (p < e) {
            if (*p == '#' && p > s && (p[-1] == ' ' || p[-1] == '\t')) { break; }
            p++;
            if (p[-1] != ' ' && p[-1] != '\t') { end = p; }
        }
        v->p = s; v->n = (size_t)(end - s); v->style = 0;
        if (v->n == 0 || (v->n == 1 && *s == '~') || (v->n == 4 && !memcmp(s, "null", 4))) { v->type = KINF__Y_NULL; }
    }
    return 1;
}
/* finds the ':' that ends a plain or quoted key on this line; NULL if none */
static const char* kinf__ykey_end(const char* p, const char* e, kinf__yseg* k) {
    if (*p == '"' || *p == '\'') {
        kinf__yval v;
        const char* q = p + 1;
        char qc = *p;
        while (q < e && *q != qc) { if (qc == '"' && *q == '\\') { q++; } q++; }
        if (q >= e || q + 1 >= e + 1) { return 0; }
        v.p = p + 1; v.n = (size_t)(q - p - 1);
        q++;
        while (q < e && *q == ' ') { q++; }
        if (q >= e || *q != ':' || (q + 1 < e && q[1] != ' ')) { return 0; }
        k->k = v.p; k->kl = v.n; k->idx = -1; k->style = qc == '"' ? 2 : 1;
        return q;
    }
    {
        const char* q = p;
        while (q < e) {
            if (*q == ':' && (q + 1 == e || q[1] == ' ' || q[1] == '\t')) {
                const char* ke = q;
                while (ke > p && (ke[-1] == ' ' || ke[-1] == '\t')) { ke--; }
                if (ke == p) { return 0; }
                k->k = p; k->kl = (size_t)(ke - p); k->idx = -1; k->style = 0;
                return q;
            }
            if (*q == '#' && q > p && q[-1] == ' ') { return 0; }
            q++;
        }
    }
    return 0;
}

typedef struct kinf__ylvl { int indent, seq, idx; kinf__yseg seg; } kinf__ylvl;
typedef struct kinf__ywalk {
    kinf__ylvl st[KINF__YDEPTH];
    kinf__yseg path[KINF__YDEPTH];
    int depth, pending, pend_indent, pend_is_key;
    kinf__yseg pend;
    kinf__yfn fn;
    void* u;
} kinf__ywalk;

static int kinf__ypush(kinf__ywalk* w, int indent, int seq, const kinf__yseg* seg) {
    if (w->depth >= KINF__YDEPTH) { return 0; }
    w->st[w->depth].indent = indent; w->st[w->depth].seq = seq; w->st[w->depth].idx = -1;
    w->st[w->depth].seg = *seg;
    w->path[w->depth - 1] = *seg;
    w->depth++;
    return 1;
}
static void kinf__yemit(kinf__ywalk* w, const kinf__yseg* last, const kinf__yval* v) {
    if (w->depth - 1 >= KINF__YDEPTH) { return; }
    w->path[w->depth - 1] = *last;
    w->fn(w->u, w->path, w->depth, v);
}
/* the entry of a map at column `col`: "key: value" or "key:" */
static int kinf__ykeyline(kinf__ywalk* w, const char* p, const char* e, int col) {
    kinf__yseg k;
    kinf__yval v;
    const char* c = kinf__ykey_end(p, e, &k);
    if (!c) { return 0; }
    c++;
    while (c < e && (*c == ' ' || *c == '\t')) { c++; }
    if (c == e || *c == '#') {
        w->pending = 1; w->pend = k; w->pend_indent = col; w->pend_is_key = 1;
        return 1;
    }
    if (*c == '{' || *c == '[') {
        const char* q = e;
        while (q > c && (q[-1] == ' ' || q[-1] == '\t')) { q--; }
        v.p = c; v.n = (size_t)(q - c); v.style = 0;
        v.type = (v.n == 2 && c[1] == (*c == '{' ? '}' : ']')) ? (*c == '{' ? KINF__Y_MAP : KINF__Y_SEQ) : KINF__Y_FLOW;
        kinf__yemit(w, &k, &v);
        return 1;
    }
    if (*c == '|' || *c == '>' || *c == '&' || *c == '*' || *c == '!') { return 0; } /* block scalars, anchors, tags */
    if (!kinf__yscalar(c, e, &v)) { return 0; }
    kinf__yemit(w, &k, &v);
    return 1;
}
/* Walks a YAML document, calling fn for every scalar, null, empty or flow
   collection, and the start of every nested block map or sequence. Returns
   0, or the 1-based number of the first line it cannot read. */
static int kinf__yaml_walk(const char* buf, size_t len, kinf__yfn fn, void* u) {
    kinf__ywalk w;
    const char* p = buf;
    const char* end = buf + len;
    int line = 0;
    kinf__yseg root;
    memset(&w, 0, sizeof(w));
    w.fn = fn; w.u = u;
    root.k = ""; root.kl = 0; root.idx = -1; root.style = 0;
    w.st[0].indent = -1; w.st[0].seq = 0; w.depth = 1;
    while (p < end) {
        const char* ls = p;
        const char* le;
        const char* c;
        int indent, is_item;
        line++;
        while (p < end && *p != '\n') { p++; }
        le = p;
        if (p < end) { p++; }
        if (le > ls && le[-1] == '\r') { le--; }
        c = ls;
        while (c < le && *c == ' ') { c++; }
        if (c < le && *c == '\t') { return line; }
        if (c == le || *c == '#') { continue; }
        indent = (int)(c - ls);
        if (indent == 0 && (le - c >= 3) && (!memcmp(c, "---", 3) || !memcmp(c, "...", 3)) && (le - c == 3 || c[3] == ' ')) { continue; }
        if (w.st[0].indent < 0) { w.st[0].indent = indent; }
        is_item = (*c == '-' && (c + 1 == le || c[1] == ' '));
        if (w.pending) {
            kinf__yval v;
            if (indent > w.pend_indent || (indent == w.pend_indent && is_item && w.pend_is_key)) {
                v.p = 0; v.n = 0; v.style = 0; v.type = is_item ? KINF__Y_SEQ : KINF__Y_MAP;
                kinf__yemit(&w, &w.pend, &v);
                if (!kinf__ypush(&w, indent, is_item, &w.pend)) { return line; }
            } else {
                v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_NULL;
                kinf__yemit(&w, &w.pend, &v);
            }
            w.pending = 0;
        }
        while (w.depth > 1 && (w.st[w.depth - 1].indent > indent || (w.st[w.depth - 1].indent == indent && w.st[w.depth - 1].seq && !is_item))) { w.depth--; }
        if (w.st[w.depth - 1].indent != indent) { return line; }
        if (is_item) {
            kinf__ylvl* s = &w.st[w.depth - 1];
            kinf__yseg ix;
            const char* r = c + 1;
            if (!s->seq) { return line; }
            s->idx++;
            ix.k = 0; ix.kl = 0; ix.idx = s->idx; ix.style = 0;
            while (r < le && *r == ' ') { r++; }
            if (r == le || *r == '#') {
                w.pending = 1; w.pend = ix; w.pend_indent = indent; w.pend_is_key = 0;
            } else if (*r == '-' && (r + 1 == le || r[1] == ' ')) {
                return line; /* "- - x" */
            } else {
                kinf__yseg k;
                if (kinf__ykey_end(r, le, &k)) {
                    kinf__yval v;
                    v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_MAP;
                    kinf__yemit(&w, &ix, &v);
                    if (!kinf__ypush(&w, (int)(r - ls), 0, &ix)) { return line; }
                    if (!kinf__ykeyline(&w, r, le, (int)(r - ls))) { return line; }
                } else {
                    kinf__yval v;
                    if (*r == '{' || *r == '[' || *r == '|' || *r == '>' || *r == '&' || *r == '*' || *r == '!') { return line; }
                    if (!kinf__yscalar(r, le, &v)) { return line; }
                    kinf__yemit(&w, &ix, &v);
                }
            }
        } else {
            if (w.st[w.depth - 1].seq) { return line; }
            if (!kinf__ykeyline(&w, c, le, indent)) { return line; }
        }
    }
    if (w.pending) {
        kinf__yval v;
        v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_NULL;
        kinf__yemit(&w, &w.pend, &v);
    }
    (void)root;
    return 0;
}

/* kubeconfig resolution: one walk per step, each collecting raw values of
   one list item at a time and keeping those of the item named as wanted */
enum { KINF__KC_NAME = 0, KINF__KC_A, KINF__KC_B, KINF__KC_C, KINF__KC_D, KINF__KC_E, KINF__KC_F, KINF__KC_G, KINF__KC_N };
/* The fields read of each entry, by name: their order is that of the
   *_fields tables in kinf_config_kubeconfig, and hit[KINF__KC_A + field]. */
enum { KINF__CTX_CLUSTER = KINF__KC_A, KINF__CTX_USER, KINF__CTX_NAMESPACE, KINF__CTX_END };
enum { KINF__CL_SERVER = KINF__KC_A, KINF__CL_CA, KINF__CL_CA_DATA, KINF__CL_INSECURE, KINF__CL_SERVER_NAME, KINF__CL_END };
enum { KINF__US_TOKEN = KINF__KC_A, KINF__US_TOKEN_FILE, KINF__US_CERT, KINF__US_CERT_DATA, KINF__US_KEY, KINF__US_KEY_DATA, KINF__US_END };
typedef char kinf__kc_fields_fit[((int)KINF__US_END <= (int)KINF__KC_N) ? 1 : -1];
typedef struct kinf__kc {
    const char* list;                 /* "contexts", "clusters", "users", or 0 for current-context */
    const char* inner;                /* "context", "cluster", "user" */
    const char* const* fields;        /* inner field names, KINF__KC_A.. */
    const char* const* unsupported;
    const char* want;                 /* name wanted */
    int cur, found, nfields;
    kinf__yval item[KINF__KC_N], hit[KINF__KC_N];
    kinf__yseg bad, hit_bad;
    int has_bad, hit_has_bad;
    char tmp[256];
} kinf__kc;
static int kinf__yseg_is(const kinf__yseg* s, const char* k) { size_t n = strlen(k); return s->idx < 0 && s->kl == n && !memcmp(s->k, k, n); }
static void kinf__kc_close(kinf__kc* kc) {
    if (kc->cur >= 0 && !kc->found && kc->item[KINF__KC_NAME].type == KINF__Y_SCALAR && kc->item[KINF__KC_NAME].p &&
        kinf__ystr(kc->item[KINF__KC_NAME].p, kc->item[KINF__KC_NAME].n, kc->item[KINF__KC_NAME].style, kc->tmp, sizeof(kc->tmp)) >= 0 &&
        !strcmp(kc->tmp, kc->want)) {
        memcpy(kc->hit, kc->item, sizeof(kc->hit));
        kc->hit_bad = kc->bad; kc->hit_has_bad = kc->has_bad;
        kc->found = 1;
    }
    memset(kc->item, 0, sizeof(kc->item));
    kc->has_bad = 0;
}
static void kinf__kc_visit(void* u, const kinf__yseg* path, int n, const kinf__yval* v) {
    kinf__kc* kc = (kinf__kc*)u;
    int f;
    if (!kc->list) { /* current-context */
        if (n == 1 && kinf__yseg_is(&path[0], "current-context") && v->type == KINF__Y_SCALAR) { kc->hit[0] = *v; kc->found = 1; }
        return;
    }
    if (n < 2 || !kinf__yseg_is(&path[0], kc->list) || path[1].idx < 0) { return; }
    if (path[1].idx != kc->cur) { kinf__kc_close(kc); kc->cur = path[1].idx; }
    if (n == 3 && kinf__yseg_is(&path[2], "name")) { kc->item[KINF__KC_NAME] = *v; return; }
    if (n != 4 || !kinf__yseg_is(&path[2], kc->inner)) { return; }
    for (f = 0; f < kc->nfields; f++) { if (kinf__yseg_is(&path[3], kc->fields[f])) { kc->item[KINF__KC_A + f] = *v; return; } }
    for (f = 0; kc->unsupported[f]; f++) {
        if (kinf__yseg_is(&path[3], kc->unsupported[f]) && !kc->has_bad) { kc->bad = path[3]; kc->has_bad = 1; }
    }
}
static int kinf__kc_run(kinf__kc* kc, const char* buf, size_t len) {
    kc->cur = -1; kc->found = 0;
    memset(kc->item, 0, sizeof(kc->item));
    kinf__yaml_walk(buf, len, kinf__kc_visit, kc);
    if (kc->list) { kinf__kc_close(kc); }
    return kc->found;
}

static int kinf__cfg_err(kinf_config_t* cfg, uint32_t item, const char* d1, const char* d2) {
    cfg->error = item;
    cfg->error_detail[0] = 0;
    if (d1) { kinf__strlcpy(cfg->error_detail, d1, sizeof(cfg->error_detail)); }
    if (d2) { kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), d2); }
    return item == KINF_LOGITEM_CONFIG_FILE_TOO_LARGE ? KINF_ERR_NOMEM : KINF_ERR_INVAL;
}
/* Finds the entry of one kubeconfig list (contexts, clusters, users) named
   want, refusing one that sets a field kinformer does not support. Returns
   KINF_OK, or an error with cfg->error set. */
static int kinf__kc_entry(kinf_config_t* cfg, kinf__kc* kc, const char* buf, size_t len, const char* list, const char* inner,
                          const char* const* fields, int nfields, const char* const* unsupported, const char* want,
                          uint32_t not_found) {
    memset(kc, 0, sizeof(*kc));
    kc->list = list; kc->inner = inner; kc->fields = fields; kc->nfields = nfields; kc->unsupported = unsupported; kc->want = want;
    if (!kinf__kc_run(kc, buf, len)) { return kinf__cfg_err(cfg, not_found, want, 0); }
    if (kc->hit_has_bad) {
        char f[64], where[32];
        kinf__ystr(kc->hit_bad.k, kc->hit_bad.kl, kc->hit_bad.style, f, sizeof(f));
        where[0] = 0;
        kinf__cat(where, sizeof(where), list); kinf__cat(where, sizeof(where), "."); /* "clusters.cluster." */
        kinf__cat(where, sizeof(where), inner); kinf__cat(where, sizeof(where), ".");
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, where, f);
    }
    return KINF_OK;
}
/* a scalar into dst (fixed size); a relative path resolved against dir */
static int kinf__cfg_str(kinf_config_t* cfg, const kinf__yval* v, char* dst, size_t cap, const char* dir, const char* field) {
    char tmp[512];
    if (!v->p || v->type != KINF__Y_SCALAR) { return 1; }
    if (kinf__ystr(v->p, v->n, v->style, tmp, sizeof(tmp)) < 0) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, field, 0); return 0; }
    dst[0] = 0;
    if (dir && tmp[0] && tmp[0] != '/') {
        if (!kinf__cat(dst, cap, dir) || !kinf__cat(dst, cap, "/")) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, field, 0); return 0; }
    }
    if (!kinf__cat(dst, cap, tmp)) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, field, 0); return 0; }
    return 1;
}
/* a *-data field: base64 into the work buffer's free tail */
static int kinf__cfg_data(kinf_config_t* cfg, const kinf__yval* v, unsigned char* work, size_t* used, size_t cap,
                          const void** out, size_t* outlen, const char* field) {
    long n;
    if (!v->p || v->type != KINF__Y_SCALAR) { return 1; }
    if (v->style == 2 && memchr(v->p, '\\', v->n)) { kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_BAD_BASE64, field, " (escapes in a quoted scalar)"); return 0; }
    n = kinf__b64(v->p, v->n, work + *used, cap - *used);
    if (n <= 0) {
        if (v->n / 4 * 3 > cap - *used) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); }
        else { kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_BAD_BASE64, field, 0); }
        return 0;
    }
    *out = work + *used; *outlen = (size_t)n;
    *used += (size_t)n;
    return 1;
}
KINF_API int kinf_config_kubeconfig(kinf_config_t* cfg, const char* path, const char* context, void* work, size_t work_size) {
    /* in the order of the KINF__CTX_, KINF__CL_ and KINF__US_ names */
    static const char* ctx_fields[] = { "cluster", "user", "namespace" };
    static const char* cl_fields[] = { "server", "certificate-authority", "certificate-authority-data", "insecure-skip-tls-verify", "tls-server-name" };
    static const char* cl_bad[] = { "proxy-url", 0 };
    static const char* user_fields[] = { "token", "tokenFile", "client-certificate", "client-certificate-data", "client-key", "client-key-data" };
    static const char* user_bad[] = { "exec", "auth-provider", "username", "password", "as", "as-uid", "as-groups", "as-user-extra", 0 };
    static const char* none[] = { 0 };
    char file[512], dir[512], cluster[256], user[256];
    unsigned char* w = (unsigned char*)work;
    long n;
    size_t used;
    int line, r;
    kinf__kc kc;
    if (!cfg || !work) { return KINF_ERR_INVAL; }
    memset(cfg, 0, sizeof(*cfg));
    if (path && path[0]) {
        if (!kinf__strlcpy(file, path, sizeof(file))) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "kubeconfig path", 0); }
    } else {
        const char* env = getenv("KUBECONFIG");
        if (env && env[0]) {
            /* the first entry that names a readable file, else the first entry */
            const char* e = env;
            file[0] = 0;
            while (*e) {
                size_t k = 0;
                while (e[k] && e[k] != ':') { k++; }
                if (k > 0 && k < sizeof(file)) {
                    char f[512];
                    memcpy(f, e, k); f[k] = 0;
                    if (!file[0]) { memcpy(file, f, k + 1); }
                    if (access(f, R_OK) == 0) { memcpy(file, f, k + 1); break; }
                }
                e += k;
                if (*e == ':') { e++; }
            }
            if (!file[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NOT_FOUND, "KUBECONFIG", 0); }
        } else {
            const char* home = getenv("HOME");
            file[0] = 0;
            if (!home || !kinf__cat(file, sizeof(file), home) || !kinf__cat(file, sizeof(file), "/.kube/config")) {
                return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NOT_FOUND, 0, 0);
            }
        }
    }
    n = kinf__drv_read_file(file, w, work_size);
    if (n == -2) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, file, 0); }
    if (n < 0) { return kinf__cfg_err(cfg, path ? KINF_LOGITEM_CONFIG_FILE_UNREADABLE : KINF_LOGITEM_KUBECONFIG_NOT_FOUND, file, 0); }
    used = (size_t)n;
    {
        char* slash = strrchr(file, '/');
        if (slash) { size_t k = (size_t)(slash - file); memcpy(dir, file, k); dir[k] = 0; if (!k) { dir[0] = '/'; dir[1] = 0; } }
        else { dir[0] = '.'; dir[1] = 0; }
    }
    memset(&kc, 0, sizeof(kc));
    line = kinf__yaml_walk((const char*)w, used, kinf__kc_visit, &kc);
    if (line) {
        char num[21];
        kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, file, ": line ");
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), kinf__utoa(num, (uint64_t)line));
        return KINF_ERR_INVAL;
    }
    /* the context */
    if (context && context[0]) {
        kinf__strlcpy(cfg->context, context, sizeof(cfg->context));
    } else {
        kc.list = 0;
        if (!kinf__kc_run(&kc, (const char*)w, used) || kinf__ystr(kc.hit[0].p, kc.hit[0].n, kc.hit[0].style, cfg->context, sizeof(cfg->context)) <= 0) {
            return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CONTEXT, "current-context is not set", 0);
        }
    }
    r = kinf__kc_entry(cfg, &kc, (const char*)w, used, "contexts", "context", ctx_fields, KINF__CTX_END - KINF__KC_A, none, cfg->context, KINF_LOGITEM_KUBECONFIG_NO_CONTEXT);
    if (r != KINF_OK) { return r; }
    cluster[0] = user[0] = 0;
    if (kc.hit[KINF__CTX_CLUSTER].p && kinf__ystr(kc.hit[KINF__CTX_CLUSTER].p, kc.hit[KINF__CTX_CLUSTER].n, kc.hit[KINF__CTX_CLUSTER].style, cluster, sizeof(cluster)) < 0) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "contexts.context.cluster", 0);
    }
    if (kc.hit[KINF__CTX_USER].p && kinf__ystr(kc.hit[KINF__CTX_USER].p, kc.hit[KINF__CTX_USER].n, kc.hit[KINF__CTX_USER].style, user, sizeof(user)) < 0) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "contexts.context.user", 0);
    }
    if (!kinf__cfg_str(cfg, &kc.hit[KINF__CTX_NAMESPACE], cfg->namespace_, sizeof(cfg->namespace_), 0, "namespace")) { return KINF_ERR_INVAL; }
    if (!cluster[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER, cfg->context, ": context names no cluster"); }
    /* the cluster */
    r = kinf__kc_entry(cfg, &kc, (const char*)w, used, "clusters", "cluster", cl_fields, KINF__CL_END - KINF__CL_SERVER, cl_bad, cluster, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER);
    if (r != KINF_OK) { return r; }
    if (!kinf__cfg_str(cfg, &kc.hit[KINF__CL_SERVER], cfg->server, sizeof(cfg->server), 0, "server") ||
        !kinf__cfg_str(cfg, &kc.hit[KINF__CL_CA], cfg->ca_file, sizeof(cfg->ca_file), dir, "certificate-authority") ||
        !kinf__cfg_data(cfg, &kc.hit[KINF__CL_CA_DATA], w, &used, work_size, &cfg->ca_data, &cfg->ca_len, "certificate-authority-data") ||
        !kinf__cfg_str(cfg, &kc.hit[KINF__CL_SERVER_NAME], cfg->tls_server_name, sizeof(cfg->tls_server_name), 0, "tls-server-name")) {
        return KINF_ERR_INVAL;
    }
    if (kc.hit[KINF__CL_INSECURE].p && kc.hit[KINF__CL_INSECURE].n == 4 && !memcmp(kc.hit[KINF__CL_INSECURE].p, "true", 4)) { cfg->insecure_skip_tls_verify = 1; }
    if (!cfg->server[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER, cluster, ": no server"); }
    /* the user */
    if (user[0]) {
        r = kinf__kc_entry(cfg, &kc, (const char*)w, used, "users", "user", user_fields, KINF__US_END - KINF__US_TOKEN, user_bad, user, KINF_LOGITEM_KUBECONFIG_NO_USER);
        if (r != KINF_OK) { return r; }
        if (kc.hit[KINF__US_TOKEN].p && kc.hit[KINF__US_TOKEN].type == KINF__Y_SCALAR) {
            long tl;
            if (used >= work_size) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, "token", 0); }
            tl = kinf__ystr(kc.hit[KINF__US_TOKEN].p, kc.hit[KINF__US_TOKEN].n, kc.hit[KINF__US_TOKEN].style, (char*)w + used, work_size - used);
            if (tl < 0) { return kinf__cfg_err(cfg, KINF_LOGITEM_TOKEN_TOO_LONG, "users.user.token", 0); }
            cfg->token = (const char*)w + used;
            used += (size_t)tl + 1;
        }
        if (!kinf__cfg_str(cfg, &kc.hit[KINF__US_TOKEN_FILE], cfg->token_file, sizeof(cfg->token_file), dir, "tokenFile") ||
            !kinf__cfg_str(cfg, &kc.hit[KINF__US_CERT], cfg->client_cert_file, sizeof(cfg->client_cert_file), dir, "client-certificate") ||
            !kinf__cfg_data(cfg, &kc.hit[KINF__US_CERT_DATA], w, &used, work_size, &cfg->client_cert_data, &cfg->client_cert_len, "client-certificate-data") ||
            !kinf__cfg_str(cfg, &kc.hit[KINF__US_KEY], cfg->client_key_file, sizeof(cfg->client_key_file), dir, "client-key") ||
            !kinf__cfg_data(cfg, &kc.hit[KINF__US_KEY_DATA], w, &used, work_size, &cfg->client_key_data, &cfg->client_key_len, "client-key-data")) {
            return KINF_ERR_INVAL;
        }
    }
    kinf__strlcpy(cfg->source, "kubeconfig", sizeof(cfg->source));
    return KINF_OK;
}

KINF_API int kinf_config_in_cluster(kinf_config_t* cfg, const char* sa_dir, void* work, size_t work_size) {
    const char* host = getenv("KUBERNETES_SERVICE_HOST");
    const char* port = getenv("KUBERNETES_SERVICE_PORT");
    const char* dir = (sa_dir && sa_dir[0]) ? sa_dir : "/var/run/secrets/kubernetes.io/serviceaccount";
    char path[600];
    long n;
    int fd;
    (void)work; (void)work_size;
    if (!cfg) { return KINF_ERR_INVAL; }
    memset(cfg, 0, sizeof(*cfg));
    if (!host || !host[0] || !port || !port[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_INCLUSTER_NOT_FOUND, 0, 0); }
    cfg->server[0] = 0;
    kinf__cat(cfg->server, sizeof(cfg->server), "https://");
    if (strchr(host, ':')) { kinf__cat(cfg->server, sizeof(cfg->server), "["); }
    if (!kinf__cat(cfg->server, sizeof(cfg->server), host)) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "KUBERNETES_SERVICE_HOST", 0); }
    if (strchr(host, ':')) { kinf__cat(cfg->server, sizeof(cfg->server), "]"); }
    if (!kinf__cat(cfg->server, sizeof(cfg->server), ":") || !kinf__cat(cfg->server, sizeof(cfg->server), port)) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "KUBERNETES_SERVICE_PORT", 0);
    }
    path[0] = 0;
    if (!kinf__cat(path, sizeof(path), dir) || !kinf__cat(path, sizeof(path), "/token") || !kinf__strlcpy(cfg->token_file, path, sizeof(cfg->token_file))) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, dir, 0);
    }
    fd = open(path, O_RDONLY);
    if (fd < 0) { return kinf__cfg_err(cfg, KINF_LOGITEM_INCLUSTER_UNREADABLE, path, 0); }
    close(fd);
    path[0] = 0;
    kinf__cat(path, sizeof(path), dir); kinf__cat(path, sizeof(path), "/ca.crt");
    kinf__strlcpy(cfg->ca_file, path, sizeof(cfg->ca_file));
    fd = open(path, O_RDONLY);
    if (fd < 0) { return kinf__cfg_err(cfg, KINF_LOGITEM_INCLUSTER_UNREADABLE, path, 0); }
    close(fd);
    path[0] = 0;
    kinf__cat(path, sizeof(path), dir); kinf__cat(path, sizeof(path), "/namespace");
    n = kinf__drv_read_file(path, (unsigned char*)cfg->namespace_, sizeof(cfg->namespace_) - 1);
    if (n > 0) {
        while (n > 0 && (cfg->namespace_[n - 1] == '\n' || cfg->namespace_[n - 1] == ' ' || cfg->namespace_[n - 1] == '\r')) { n--; }
        cfg->namespace_[n] = 0;
    } else {
        cfg->namespace_[0] = 0;
    }
    kinf__strlcpy(cfg->source, "in-cluster", sizeof(cfg->source));
    return KINF_OK;
}

KINF_API int kinf_config_default(kinf_config_t* cfg, void* work, size_t work_size) {
    const char* host = getenv("KUBERNETES_SERVICE_HOST");
    if (host && host[0]) { return kinf_config_in_cluster(cfg, 0, work, work_size); }
    return kinf_config_kubeconfig(cfg, 0, 0, work, work_size);
}
#endif /* KINF_ENGINE_ONLY */

KINF_API void kinf_config_apply(const kinf_config_t* cfg, kinf_desc_t* d) {
    if (!cfg || !d) { return; }
    if (!d->server && cfg->server[0]) { d->server = cfg->server; }
    if (!d->token && !d->token_file) {
        if (cfg->token) { d->token = cfg->token; }
        else if (cfg->token_file[0]) { d->token_file = cfg->token_file; }
    }
    if (!d->ca_file && !d->ca_data) {
        if (cfg->ca_data) { d->ca_data = cfg->ca_data; d->ca_len = cfg->ca_len; }
        else if (cfg->ca_file[0]) { d->ca_file = cfg->ca_file; }
    }
    if (!d->client_cert_file && !d->client_cert_data) {
        if (cfg->client_cert_data) { d->client_cert_data = cfg->client_cert_data; d->client_cert_len = cfg->client_cert_len; }
        else if (cfg->client_cert_file[0]) { d->client_cert_file = cfg->client_cert_file; }
    }
    if (!d->client_key_file && !d->client_key_data) {
        if (cfg->client_key_data) { d->client_key_data = cfg->client_key_data; d->client_key_len = cfg->client_key_len; }
        else if (cfg->client_key_file[0]) { d->client_key_file = cfg->client_key_file; }
    }
    if (!d->tls_server_name && cfg->tls_server_name[0]) { d->tls_server_name = cfg->tls_server_name; }
    if (!d->insecure_skip_tls_verify) { d->insecure_skip_tls_verify = cfg->insecure_skip_tls_verify; }
}

/* >>public */
KINF_API size_t kinf_informer_size(const kinf_desc_t* desc) {
    kinf_desc_t d;
    if (!desc) { return 0; }
    d = kinf__setup_defaults(desc);
    return kinf__setup_layout(&d).total;
}

KINF_API kinf_informer_t* kinf_init(void* mem, size_t size, const kinf_desc_t* desc) {
    kinf_desc_t d;
    kinf__setup_layout_t l;
    kinf_informer_t* inf;
    uint8_t* base;
    char prefix[KINF__MAX_STR];
    char tmp[256];
    const char* clamped = 0;
    int i;
    const char* tag = (desc && desc->tag) ? desc->tag : "kinformer";
    if (!desc) { return 0; }
    d = kinf__setup_defaults_ex(desc, &clamped);
    l = kinf__setup_layout(&d);
    if (l.total == SIZE_MAX) { /* logged even with no memory: kinf_informer_size said SIZE_MAX */
        kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_OVERFLOW, __LINE__, tmp, sizeof(tmp), 0, 0);
        return 0;
    }
    if (!mem) { return 0; }
    if (size < l.total) {
        kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, tmp, sizeof(tmp), 0, 0);
        return 0;
    }
    base = (uint8_t*)mem + ((8u - ((uintptr_t)mem & 7u)) & 7u);
    inf = (kinf_informer_t*)(void*)base;
    memset(inf, 0, sizeof(*inf));
    inf->magic = KINF__MAGIC;
    inf->logger = d.logger;
    kinf__strlcpy(inf->tag, tag, sizeof(inf->tag));
    inf->mem_size = size; inf->mem_layout = l.total;
    inf->max_objects = d.max_objects; inf->max_tokens = d.max_tokens; inf->fifo_cap = d.fifo_capacity;
    inf->max_handlers = d.max_handlers; inf->max_indexes = d.max_indexes; inf->budget = d.dispatch_budget;
    inf->pf_top = 0; inf->pagesz = 0;
#if defined(__linux__) && !defined(KINF_ENGINE_ONLY)
    if (d.prefault_store) { long pg = sysconf(_SC_PAGESIZE); inf->pagesz = pg > 0 ? (size_t)pg : 0; }
#endif
    inf->list_limit = d.list_limit; inf->store_bytes = d.store_bytes; inf->max_event_bytes = d.max_event_bytes;
    inf->resync_ms = d.resync_period_ms > 0 ? d.resync_period_ms : 0;
    inf->idle_ms = d.idle_timeout_ms; inf->connect_ms = d.connect_timeout_ms; inf->watch_timeout_s = d.watch_timeout_s;
#ifndef KINF_ENGINE_ONLY
    inf->rng = d.random_seed ? d.random_seed : (uint32_t)(kinf__drv_now_ms() * 2654435761u) ^ (uint32_t)getpid();
#else
    inf->rng = d.random_seed ? d.random_seed : (uint32_t)((uintptr_t)mem * 2654435761u) | 1u; /* no clock here: give desc.random_seed */
#endif
    inf->sock.fd = -1;
    if (!d.server || !d.server[0]) { KINF__ERR(inf, CONFIG_NO_SERVER, 0, 0); return 0; }
    if (!d.resource || !d.resource[0]) { KINF__ERR(inf, CONFIG_NO_RESOURCE, 0, 0); return 0; }
    if (!kinf__setup_server(inf, d.server, prefix, sizeof(prefix))) {
        KINF__ERR(inf, CONFIG_BAD_URL, strchr(d.server, '@') ? "(user info in the URL is refused, and not logged)" : d.server, 0);
        return 0;
    }
    inf->own_transport = d.own_transport != 0;
#ifdef KINF_TLS_BEARSSL
    if (inf->https && !inf->own_transport) {
        inf->tls = base + l.tls;
        if (!kinf__tls_init(inf, &d)) { return 0; }
    }
#else
    if (inf->https && !inf->own_transport) { KINF__ERR(inf, TLS_UNAVAILABLE, inf->host, 0); return 0; }
#endif
    if (!kinf__setup_path(inf, prefix, d.resource, d.namespace_)) { KINF__ERR(inf, CONFIG_BAD_RESOURCE, d.resource, 0); return 0; }
    if (!kinf__strlcpy(inf->lsel, d.label_selector, sizeof(inf->lsel)) || !kinf__strlcpy(inf->fsel, d.field_selector, sizeof(inf->fsel))) {
        KINF__ERR(inf, CONFIG_TOO_LONG, "selector", 0); return 0;
    }
    if (!kinf__strlcpy(inf->token, d.token, sizeof(inf->token))) { KINF__ERR(inf, TOKEN_TOO_LONG, 0, 0); return 0; }
    if (!kinf__visible_ascii(inf->token)) { KINF__ERR(inf, TOKEN_INVALID, 0, 0); return 0; }
    if (!kinf__strlcpy(inf->token_file, d.token_file, sizeof(inf->token_file))) { KINF__ERR(inf, CONFIG_TOO_LONG, "token_file", 0); return 0; }
    inf->token_due = inf->token_file[0] != 0; /* read by the driver before the first request */
    /* projection rules. The identity is captured whatever they say, and the
       object's fields hold it, so the projected JSON repeats it only when a
       rule keeps it. */
    if (d.keep_count > 0) {
        if (d.keep_count > KINF_MAX_RULES) { KINF__ERR(inf, CONFIG_TOO_MANY_RULES, 0, 0); return 0; }
        for (i = 0; i < d.keep_count; i++) {
            if (!kinf__setup_rule(&inf->rules, &inf->rules.keep[inf->rules.nkeep++], d.keep[i])) { KINF__ERR(inf, CONFIG_BAD_PATH, d.keep[i], 0); return 0; }
        }
    }
    if (!d.no_default_drop) { kinf__setup_rule(&inf->rules, &inf->rules.drop[inf->rules.ndrop++], "metadata.managedFields"); }
    for (i = 0; i < d.drop_count; i++) {
        if (inf->rules.ndrop >= KINF_MAX_RULES) { KINF__ERR(inf, CONFIG_TOO_MANY_RULES, 0, 0); return 0; }
        if (!kinf__setup_rule(&inf->rules, &inf->rules.drop[inf->rules.ndrop++], d.drop[i])) { KINF__ERR(inf, CONFIG_BAD_PATH, d.drop[i], 0); return 0; }
    }
    /* arrays */
    inf->slots = (kinf__slot*)(void*)(base + l.slots);
    inf->kb = (uint32_t*)(void*)(base + l.kb); inf->kb_n = l.kbn;
    inf->ix = (kinf__ixlink*)(void*)(base + l.ix);
    inf->ixv = (uint32_t*)(void*)(base + l.ixv);
    inf->ixb = (int32_t*)(void*)(base + l.ixb); inf->ixb_mask = l.ixbn - 1u;
    inf->idx = (kinf__index*)(void*)(base + l.idx);
    inf->handlers = (kinf_handler_t*)(void*)(base + l.handlers);
    inf->toks = (jsmntok_t*)(void*)(base + l.toks);
    inf->ev = base + l.ev;
    inf->arena = base + l.arena;
    /* the read buffer is cleared, as the context is: the fixed part is
       resident from the start, whatever the first reads' sizes */
    inf->rbuf = base + l.rbuf; inf->rcap = d.read_bytes;
    memset(inf->rbuf, 0, inf->rcap);
    /* slots and their index links are set up when first used, and a custom
       index's buckets when it is added: memory the informer does not use
       stays untouched (no RSS) */
    inf->free_head = -1; inf->slot_hi = 0;
    memset(inf->kb, 0xff, (size_t)l.kbn * 4u);
    memset(inf->ixb, 0xff, (size_t)l.ixbn * 4u);
    memset(inf->idx, 0, (size_t)(1 + inf->max_indexes) * sizeof(kinf__index));
    kinf__strlcpy(inf->idx[0].name, "namespace", sizeof(inf->idx[0].name));
    inf->nidx = 1;
    inf->fh = inf->ft = -1;
    /* scanner capture buffers */
    inf->scan.ev = inf->ev; inf->scan.ev_cap = inf->max_event_bytes;
    inf->scan.rules = &inf->rules;
    inf->scan.cbuf[KINF__CAP_TYPE] = inf->c_type; inf->scan.ccap[KINF__CAP_TYPE] = sizeof(inf->c_type);
    inf->scan.cbuf[KINF__CAP_NAME] = inf->c_name; inf->scan.ccap[KINF__CAP_NAME] = sizeof(inf->c_name);
    inf->scan.cbuf[KINF__CAP_NS] = inf->c_ns; inf->scan.ccap[KINF__CAP_NS] = sizeof(inf->c_ns);
    inf->scan.cbuf[KINF__CAP_UID] = inf->c_uid; inf->scan.ccap[KINF__CAP_UID] = sizeof(inf->c_uid);
    inf->scan.cbuf[KINF__CAP_RV] = inf->c_rv; inf->scan.ccap[KINF__CAP_RV] = sizeof(inf->c_rv);
    inf->scan.cbuf[KINF__CAP_LIST_RV] = inf->c_lrv; inf->scan.ccap[KINF__CAP_LIST_RV] = sizeof(inf->c_lrv);
    inf->scan.cbuf[KINF__CAP_CONTINUE] = inf->c_cont; inf->scan.ccap[KINF__CAP_CONTINUE] = sizeof(inf->c_cont);
    inf->last_error = KINF_LOGITEM_OK;
    if (clamped) { KINF__WARN(inf, CONFIG_CLAMPED, clamped, 0); }
    return inf;
}

KINF_API int kinf_add_handler(kinf_informer_t* inf, const kinf_handler_t* h) {
    int id;
    if (!kinf__ok(inf) || !h) { return KINF_ERR_INVAL; }
    if (inf->nhandlers >= inf->max_handlers) { KINF__ERR(inf, HANDLERS_FULL, 0, 0); return KINF_ERR_NOMEM; }
    id = inf->nhandlers;
    inf->handlers[inf->nhandlers++] = *h;
    if (h->on_add) {
        /* a late handler first learns every object its peers know about */
        int32_t s, was = inf->dispatching;
        inf->dispatching = 1;
        for (s = 0; s < inf->slot_hi; s++) {
            const kinf__slot* sl = &inf->slots[s];
            kinf_object_t o;
            if (!(sl->flags & KINF__F_LIVE) || !(sl->flags & KINF__F_KNOWN)) { continue; }
            kinf__store_view(inf, ((sl->flags & KINF__F_PENDING) && sl->old) ? sl->old : sl->cur, s, &o);
            h->on_add(inf, &o, h->user);
        }
        inf->dispatching = was;
    }
    return id;
}
KINF_API int kinf_add_index(kinf_informer_t* inf, const char* name, kinf_index_fn fn, void* user) {
    if (!kinf__ok(inf) || !fn) { return KINF_ERR_INVAL; }
    if (inf->started) { KINF__ERR(inf, INDEX_AFTER_START, name, 0); return KINF_ERR_STATE; }
    if (inf->nidx > inf->max_indexes) { KINF__ERR(inf, INDEXES_FULL, name, 0); return KINF_ERR_NOMEM; }
    memset(kinf__ixhead(inf, inf->nidx, 0), 0xff, (size_t)(inf->ixb_mask + 1u) * 4u);
    inf->idx[inf->nidx].fn = fn;
    inf->idx[inf->nidx].user = user;
    kinf__strlcpy(inf->idx[inf->nidx].name, name ? name : "", sizeof(inf->idx[0].name));
    return inf->nidx++;
}
#ifndef KINF_ENGINE_ONLY /* the built-in driver's calls */
KINF_API int kinf_timeout_ms(kinf_informer_t* inf) {
    uint64_t now, dl;
    if (!kinf__ok(inf)) { return -1; }
    if (inf->stop) { return 0; }
    if (inf->cstate == KINF__C_WANTED && !inf->sock.connecting) { return 0; }
#ifdef KINF_TLS_BEARSSL
    if (inf->tls && inf->sock.fd >= 0 && inf->cstate == KINF__C_RECV && kinf__tls_app_pending(inf) && (int)inf->flen < inf->fifo_cap) { return 0; }
#endif
    now = kinf__drv_now_ms();
    dl = kinf_engine_deadline(inf);
    if (inf->sock.connecting && inf->sock.t_connect + (uint64_t)inf->connect_ms < dl) { dl = inf->sock.t_connect + (uint64_t)inf->connect_ms; }
    if (dl == UINT64_MAX) { return -1; }
    if (dl <= now) { return 0; }
    return (dl - now > 0x7fffffffu) ? 0x7fffffff : (int)(dl - now);
}
KINF_API int kinf_fd(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->sock.fd : -1; }
KINF_API unsigned kinf_wants(kinf_informer_t* inf) {
    int rd; /* the response wants more bytes: nothing left to feed, and room in the FIFO */
    if (!kinf__ok(inf) || inf->sock.fd < 0) { return 0; }
    if (inf->sock.connecting) { return KINF_WANT_WRITE; }
    rd = (kinf__rf_state(inf) & KINF_ENG_RECV) != 0;
#ifdef KINF_TLS_BEARSSL
    if (inf->tls && (inf->cstate == KINF__C_SEND || inf->cstate == KINF__C_RECV)) { return kinf__tls_wants(inf, rd); }
#endif
    if (inf->cstate == KINF__C_SEND) { return KINF_WANT_WRITE; }
    return rd ? KINF_WANT_READ : 0;
}
KINF_API int kinf_poll(kinf_informer_t* inf, int timeout_ms) {
    int t, wait;
    unsigned w;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (inf->dispatching) { return KINF_ERR_STATE; }
    if (inf->own_transport) { KINF__ERR(inf, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    if (inf->fatal) { return inf->fatal; }
    t = kinf_timeout_ms(inf);
    wait = timeout_ms < 0 ? t : (t < 0 || t > timeout_ms ? timeout_ms : t);
    w = kinf_wants(inf);
    if (wait != 0) {
        struct pollfd pf;
        pf.fd = inf->sock.fd;
        pf.events = (short)(((w & KINF_WANT_READ) ? POLLIN : 0) | ((w & KINF_WANT_WRITE) ? POLLOUT : 0));
        pf.revents = 0;
        if (inf->sock.fd >= 0 && w) { poll(&pf, 1, wait); }
        else if (wait > 0) { poll(0, 0, wait); }
    }
    if (!inf->stop) { kinf__drv_step(inf); }
    if (!inf->stop) { inf->now = kinf__drv_now_ms(); kinf__hd_dispatch(inf); }
    if (inf->fatal) { kinf__sock_close(inf); inf->close_wanted = 0; }
    return inf->fatal;
}
KINF_API int kinf_run(kinf_informer_t* inf) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    while (!inf->stop) {
        int r = kinf_poll(inf, 1000);
        if (r != KINF_OK) { return r; }
    }
    return KINF_OK;
}
#endif /* KINF_ENGINE_ONLY */
KINF_API void kinf_stop(kinf_informer_t* inf) { if (inf) { inf->stop = 1; } }
KINF_API int kinf_flush(kinf_informer_t* inf) {
    int n, stop;
    if (!kinf__ok(inf) || inf->dispatching) { return 0; }
    n = (int)inf->flen;
    stop = inf->stop;
    inf->stop = 0;
    {
        int budget = inf->budget;
        inf->budget = 0;
#ifndef KINF_ENGINE_ONLY
        if (inf->sock.counts_bytes) { inf->now = kinf__drv_now_ms(); } /* a transport of the caller's gives the time */
#endif
        kinf__hd_dispatch(inf);
        inf->budget = budget;
    }
    inf->stop = stop;
    return n - (int)inf->flen;
}
KINF_API int kinf_stopped(kinf_informer_t* inf) { return inf ? inf->stop : 1; }
KINF_API void kinf_shutdown(kinf_informer_t* inf) {
    if (!kinf__ok(inf)) { return; }
#ifndef KINF_ENGINE_ONLY
    kinf__sock_close(inf);
#endif
    kinf__rf_drop(inf);
    inf->close_wanted = 0;
    inf->phase = KINF__PH_IDLE;
}
KINF_API int kinf_has_synced(kinf_informer_t* inf) { return kinf__ok(inf) && inf->synced; }
KINF_API int kinf_count(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->nlive : 0; }
KINF_API int kinf_get(kinf_informer_t* inf, const char* key, kinf_object_t* out) {
    int32_t s;
    size_t kl;
    if (!kinf__ok(inf) || !key || !out) { return 0; }
    kl = strlen(key);
    s = kinf__hash_find(inf, key, kl, kinf__fnv(key, kl));
    if (s < 0 || !kinf__store_visible(inf, s)) { return 0; }
    kinf__store_view(inf, inf->slots[s].cur, s, out);
    return 1;
}
KINF_API int kinf_lookup(kinf_informer_t* inf, kinf_handle_t h, kinf_object_t* out) {
    uint32_t s = (h.id & ((1u << KINF__SLOT_BITS) - 1u));
    if (!kinf__ok(inf) || !out || s == 0 || s > (uint32_t)inf->slot_hi) { return 0; }
    s--;
    if (inf->slots[s].gen != (h.id >> KINF__SLOT_BITS) || !kinf__store_visible(inf, (int32_t)s)) { return 0; }
    kinf__store_view(inf, inf->slots[s].cur, (int32_t)s, out);
    return 1;
}
KINF_API int kinf_next(kinf_informer_t* inf, kinf_iter_t* it, kinf_object_t* out) {
    if (!kinf__ok(inf) || !it || !out) { return 0; }
    while (it->pos < (uint32_t)inf->slot_hi) {
        int32_t s = (int32_t)it->pos++;
        if (kinf__store_visible(inf, s)) { kinf__store_view(inf, inf->slots[s].cur, s, out); return 1; }
    }
    return 0;
}
KINF_API int kinf_index_next(kinf_informer_t* inf, int index, const char* value, kinf_iter_t* it, kinf_object_t* out) {
    uint32_t vh;
    char v[256];
    if (!kinf__ok(inf) || !it || !out || !value || index < 0 || index >= inf->nidx) { return 0; }
    vh = kinf__fnv(value, strlen(value));
    if (index && !vh) { vh = 1u; } /* as kinf__index_add */
    if (it->pos == 0) { it->pos = 1; it->next = *kinf__ixhead(inf, index, vh); }
    while (it->next >= 0) {
        int32_t s = it->next;
        const kinf__ixlink* l = kinf__ixl(inf, index, s);
        it->next = l->next;
        if (index && *kinf__ixvh(inf, index, s) != vh) { continue; } /* the namespace index: by value below */
        kinf__store_view(inf, inf->slots[s].cur, s, out);
        if (kinf__index_value(inf, index, out, v, sizeof(v)) && !strcmp(v, value)) { return 1; }
    }
    return 0;
}

/* the implementation's private macros end here (a white-box test that reads
   the internals defines KINF__KEEP_PRIVATE_MACROS) */
#ifndef KINF__KEEP_PRIVATE_MACROS
#undef JSMN_PARENT_LINKS
#undef JSMN_STATIC
#undef JSMN_STRICT
#undef KINF__DEEP_ESCAPED
#undef KINF__DEEP_STRING
#undef KINF__DEEP_WS
#undef KINF__ERR
#undef KINF__FREE_OWNER
#undef KINF__INFO
#undef KINF__KB_EMPTY
#undef KINF__KB_SLOT
#undef KINF__KB_TAG
#undef KINF__MAGIC
#undef KINF__MAX_KEY
#undef KINF__MAX_MEMBERS
#undef KINF__MAX_NAME
#undef KINF__MAX_OBJECTS
#undef KINF__MAX_RV
#undef KINF__MAX_SEGS
#undef KINF__MAX_STR
#undef KINF__MAX_UID
#undef KINF__MT_VALUE
#undef KINF__NOINLINE
#undef KINF__PF_DIV
#undef KINF__PF_MAX
#undef KINF__PF_MIN
#undef KINF__POPULATE_WRITE
#undef KINF__POS
#undef KINF__SCAN_INLINE
#undef KINF__SELFCHECK
#undef KINF__SEND_FLAGS
#undef KINF__SLOT_BITS
#undef KINF__SSE2
#undef KINF__STEP_BYTES
#undef KINF__STR
#undef KINF__STR2
#undef KINF__TLS_EE_BYTES
#undef KINF__VERSION_STR
#undef KINF__WARN
#undef KINF__WBUF
#undef KINF__YDEPTH
#endif
#endif /* KINFORMER_IMPL_INCLUDED */
#endif /* KINFORMER_IMPLEMENTATION */
