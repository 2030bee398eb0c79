/* kinformer.h v0.1.0 - a Kubernetes informer in one C header, memory fixed at init
   Generated from src/ (src/MANIFEST, src/mkheader.py): edit there, then make kinformer.h.

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
    KINF_LOGITEM_TLS_UNAVAILABLE. docs/dependencies.md: their upstream
    projects and tested versions; docs/install.md: make install,
    pkg-config, CMake. Credentials: a bearer token (literal or a
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
        char why[256];
        desc.server = "http://127.0.0.1:8080";
        desc.resource = "pods";
        desc.keep = keep; desc.keep_count = 3;
        desc.max_objects = 2000; desc.store_bytes = 1 << 20;
        desc.logger.func = kinf_log_stderr;  // what happens, one line each, on stderr
        kinf_informer_t* inf = kinf_init(mem, sizeof(mem), &desc);
        if (!inf) {                          // mem too small or bad config: which
            kinf_check(&desc, sizeof(mem), why, sizeof(why));
            fprintf(stderr, "%s\n", why);
            return 1;
        }
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
        uint32_t kinf_check(const kinf_desc_t* desc, size_t size, char* why, size_t cap)
                                          why kinf_init refuses: the item, one line
        int  kinf_add_handler(kinf_informer_t*, const kinf_handler_t*)
        int  kinf_add_handler_resync(inf, handler, int resync_period_ms)  its own period
        int  kinf_remove_handler(kinf_informer_t*, int id)   no callback after it
        int  kinf_add_index(kinf_informer_t*, const char* name, kinf_index_fn fn, void* user)
        int  kinf_add_index_values(kinf_informer_t*, name, kinf_index_values_fn fn, void* user)
                                          several values per object: kinf_index_emit(out, value)
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
        uint32_t kinf_fd_generation(kinf_informer_t*)  changes when the socket is
                 closed or another opened: the number alone may come back (see
                 the warning at kinf_fd); or desc.on_socket: told each socket
                 ADDED, CHANGED, REMOVED (kinf_socket_cb_t, examples/libuv.c)
        uint64_t kinf_now_ms(void)       the monotonic clock (ms) the driver reads

    The engine, for a transport of your own (kinf_poll's driver is one; see
    "The engine" below and docs/architecture.md, examples/own_transport.c).
    An informer, discovery and the write client each have one connection,
    driven by the same calls:
        kinf_engine_t* kinf_informer_engine(inf) / kinf_discovery_engine(d) /
                       kinf_client_engine(c)
        unsigned kinf_engine_tick(kinf_engine_t*, uint64_t now_ms)   state bits
        kinf_engine_state, kinf_engine_deadline, kinf_engine_server, kinf_engine_generation
        kinf_engine_connected / _sendbuf, _sent / _recvbuf, _recvd / _closed /
        kinf_engine_failed / _set_token (kinf_engine_refresh_token_file) / _dispatch

    State and the lister (answers from memory; the object views stay valid
    until the next driver call):
        int  kinf_has_synced(kinf_informer_t*)
        int  kinf_count(kinf_informer_t*)
        int  kinf_get(kinf_informer_t*, const char* key, kinf_object_t* out)
        int  kinf_fresh(kinf_informer_t*, uint64_t max_age_ms)   confirmed current lately
        int  kinf_get_fresh(kinf_informer_t*, key, max_age_ms, out)  kinf_get, from fresh data only
        int  kinf_next(kinf_informer_t*, kinf_iter_t* it, kinf_object_t* out)
        int  kinf_index_next(kinf_informer_t*, int index, const char* value,
                             kinf_iter_t* it, kinf_object_t* out)
        int  kinf_lookup(kinf_informer_t*, kinf_handle_t h, kinf_object_t* out)
        int  kinf_field(const kinf_object_t*, const char* path, kinf_value_t* out)
        int  kinf_field_has(const kinf_object_t*, const char* path)   missing or not
        size_t kinf_field_str(const kinf_object_t*, const char* path, char* buf, size_t cap)
        size_t kinf_value_str(const kinf_value_t* v, char* buf, size_t cap)
                                        text, unescaped to UTF-8; both as snprintf
        int  kinf_members(const kinf_object_t*, const char* path, kinf_members_t* it)
        int  kinf_members_of(const kinf_value_t* v, kinf_members_t* it)
        int  kinf_member_next(kinf_members_t* it, kinf_value_t* key, kinf_value_t* val)
        int  kinf_json_patch(const kinf_value_t* from, const kinf_value_t* to, char* out,
                             size_t cap, size_t* len)   an RFC 6902 patch from -> to, fixed memory
        kinf_stats_t kinf_stats(kinf_informer_t*)
        int  kinf_config_kubeconfig(kinf_config_t*, path, context, work, size)  YAML or JSON
        int  kinf_config_in_cluster(kinf_config_t*, sa_dir, work, size)
        int  kinf_config_default(kinf_config_t*, work, size)
        void kinf_config_apply(const kinf_config_t*, kinf_desc_t*)
                 a user's exec credential plugin (cfg.exec) becomes desc.exec: the built-in
                 driver runs it for the token (docs/kubeconfig.md); cfg must outlive the informer
        int  kinf_ca_bundle_size(file, data, len, int* cas, size_t* anchor_bytes)
                 what a CA bundle needs of desc.tls_max_cas and tls_anchor_bytes (TLS builds)
        const char* kinf_system_ca_file(void)   the system's CA bundle ($SSL_CERT_FILE, Debian's ...)
        const char* kinf_resource_version(kinf_informer_t*)
    The persisted cache (docs/snapshot.md; compiled out by KINF_NO_SNAPSHOT):
        int  kinf_snapshot_write(inf, uint64_t unix_ms, kinf_snapshot_write_fn fn, void* user)
        size_t kinf_snapshot_size(inf)
        int  kinf_snapshot_load(inf, kinf_snapshot_read_fn fn, void* user)  before the start
        int  kinf_snapshot_load_mem(inf, const void* data, size_t len)   in place (mapped, flash)
        int  kinf_snapshot_stale(inf, uint64_t* since_unix_ms)   loaded, not yet resumed
        int  kinf_snapshot_dirty(inf, uint64_t* since_ms)        changed since written
        int  kinf_snapshot_load_file(inf, path) / _save_file(inf, path)  image + journal, crash-safe
        int  kinf_snapshot_autosave(inf, path, int interval_s, int final)  when changed
        uint32_t kinf_last_error(kinf_informer_t*) / void kinf_clear_error(...)
        const char* kinf_log_item_name(uint32_t id)
        int  kinf_log_item_is_final(uint32_t id)    1: retrying cannot fix it (400, 404)
        void kinf_log_stderr(tag, level, item, message, line, file, user)
                                          a ready desc.logger.func: a line per item
        const char* kinf_version(void)    "MAJOR.MINOR.PATCH" of the implementation
    The version: KINF_VERSION_MAJOR, _MINOR, _PATCH; KINF_VERSION, the same as
    a string ("0.1.0"); KINF_VERSION_HEX, as one number 0xMMmmpp for #if
    (0x000100; #if KINF_VERSION_HEX >= 0x000200). Those are the declarations'
    version; kinf_version() is the implementation's, compiled into the file
    that defined KINFORMER_IMPLEMENTATION: equal to KINF_VERSION unless two
    copies of kinformer.h met. Before 1.0 a minor version may change the API
    and the ABI; docs/stability.md says what is a contract and what is not.

    Watch-list and metadata-only informers (docs/watch-list.md; desc fields):
        desc.watch_list = KINF_WATCH_LIST_AUTO (0, the default) | _ON | _OFF
                 (re)lists through one watch with sendInitialEvents (KEP-3157);
                 AUTO falls back to LIST+WATCH for good once the server refuses
                 it or does not end the initial events, ON for that list only;
                 a plain watch's signs before the end bookmark (a bookmark
                 without k8s.io/initial-events-end, an event not ADDED) or
                 desc.watch_list_timeout_ms (10000) of silence: a fallback too
        desc.metadata_only = 1   PartialObjectMetadata(List) asked for; each
                 object projected to its metadata whatever the server sends
        kinf_stats(): watch_lists, watch_list_fallbacks

    Discovery, as kubectl resolves names (docs/factory.md): the server's
    resources in fixed memory, from its aggregated or legacy documents:
        size_t kinf_discovery_size(const kinf_discovery_desc_t*)
        kinf_discovery_t* kinf_discovery_init(void* mem, size_t size, const kinf_discovery_desc_t*)
        int  kinf_discovery_run(kinf_discovery_t*, int timeout_ms)   a round, blocking
        int  kinf_discovery_poll(kinf_discovery_t*, int timeout_ms)  one step of a main loop
        int  kinf_discovery_refresh(d) / _state(d) / uint64_t _rounds(d)
        int  kinf_discovery_fd(d) / unsigned _wants(d) / int _timeout_ms(d) / uint32_t _fd_generation(d)
        kinf_engine_t* kinf_discovery_engine(d)   its connection: the kinf_engine_* calls
        int  kinf_discovery_resolve(d, const char* name, kinf_resource_t* out)
                 "po", "pods", "pod", "Pod", "deployments.apps", "/api/v1/pods"
        int  kinf_discovery_count(d) / _at(d, i, kinf_resource_t* out)
        kinf_discovery_stats_t kinf_discovery_stats(d); void kinf_discovery_shutdown(d)

    The shared informer factory (docs/factory.md): informers in one block,
    one per (resource, namespace, selectors), shared, polled together:
        size_t kinf_factory_size(const kinf_factory_desc_t*)
        kinf_factory_t* kinf_factory_init(void* mem, size_t size, const kinf_factory_desc_t*)
        int  kinf_factory_discover(kinf_factory_t*, int timeout_ms)
        kinf_informer_t* kinf_factory_informer(f, const kinf_informer_req_t*)  shared; NULL: logged
        uint32_t kinf_factory_why(f, char* why, size_t cap)   why it refused, as kinf_check
        kinf_informer_t* kinf_factory_informer_of(f, const kinf_resource_t*, req)  a resource known already
        int  kinf_factory_all(f, const kinf_informer_req_t* tmpl)  every listable+watchable resource
        int  kinf_factory_start(f) / _poll(f, timeout_ms) / _wait_synced(f, timeout_ms)
        int  kinf_factory_has_synced(f) / _flush(f); void _stop(f) / _shutdown(f); int _stopped(f)
        int  kinf_factory_fds(f, kinf_fd_t* out, int cap) / _timeout_ms(f)   your own loop
        int  kinf_factory_count(f); kinf_informer_t* kinf_factory_at(f, i)
        int  kinf_factory_resource(f, inf, kinf_resource_t*); kinf_discovery_t* kinf_factory_discovery(f)
        kinf_factory_stats_t kinf_factory_stats(f)
        desc.caps / caps_count: kinf_factory_caps_t rows, capacities per resource
    The hub (khub's server: list, watch, get, discovery of a factory's informers; docs/khub.md):
        size_t kinf_hub_size(const kinf_hub_desc_t*); kinf_hub_t* kinf_hub_init(mem, size, desc)
        int  kinf_hub_serve(hub, inf)                 one of the factory's informers
        int  kinf_hub_open(hub, auth, now_ms)         a client's id; KINF_ERR_NOMEM: write kinf_hub_busy's 503
        unsigned kinf_hub_state(hub, id)              KINF_HUB_RECV / _SEND / _CLOSE
        kinf_hub_recvbuf/_recvd, kinf_hub_sendbuf/_sent, kinf_hub_closed(hub, id)
        void kinf_hub_tick(hub, now_ms); uint64_t kinf_hub_deadline(hub); kinf_hub_stats(hub)
        int  kinf_hub_listen(hub, "unix:PATH" | "127.0.0.1:PORT" | "[::1]:PORT", auth)
        int  kinf_hub_address(addr)                    KINF_OK if kinf_hub_listen takes it (no I/O)
        int  kinf_hub_poll(hub, timeout_ms); void kinf_hub_shutdown(hub)   the built-in driver

    The workqueue (docs/workqueue.md): client-go's util/workqueue, keys to
    reconcile in fixed memory, one worker per key at a time, rate-limited
    retries; times are the caller's (ms, monotonic):
        size_t kinf_workqueue_size(const kinf_workqueue_desc_t*)
        kinf_workqueue_t* kinf_workqueue_init(void* mem, size_t size, const kinf_workqueue_desc_t*)
        int  kinf_workqueue_add(q, resource, key)       KINF_ERR_NOMEM when full: keep the key
        int  kinf_workqueue_add_after(q, resource, key, int64_t delay_ms, uint64_t now_ms)
        int  kinf_workqueue_add_rate_limited(q, resource, key, uint64_t now_ms)
        void kinf_workqueue_forget(q, resource, key); int _num_requeues(q, resource, key)
        int  kinf_workqueue_get(q, uint64_t now_ms, kinf_workqueue_item_t* out)  KINF_WQ_ITEM/_EMPTY/_SHUTDOWN
        int  kinf_workqueue_get_wait(q, int timeout_ms, kinf_workqueue_item_t* out)   blocking
        int  kinf_workqueue_done(q, resource, key, uint64_t now_ms)
        int  kinf_workqueue_len(q) / _processing(q) / _tick(q, now_ms) / _timeout_ms(q, now_ms)
        uint64_t kinf_workqueue_deadline(q) / kinf_workqueue_now_ms(void) (kinf_now_ms)
        void kinf_workqueue_shut_down(q); int _shut_down_with_drain(q, timeout_ms); int _shutting_down(q)
        kinf_workqueue_stats_t kinf_workqueue_stats(q, now_ms); void kinf_workqueue_destroy(q)

    The write client (docs/client.md): one request at a time, as client-go's
    dynamic client, in fixed memory, with the informer's configuration, TLS
    and token (compiled out by KINF_NO_CLIENT):
        size_t kinf_client_size(const kinf_client_desc_t*)
        kinf_client_t* kinf_client_init(void* mem, size_t size, const kinf_client_desc_t*)
        int  kinf_client_do(c, const kinf_client_request_t*, kinf_client_response_t*, int timeout_ms)
                 blocking; returns KINF_CLIENT_OK, _CONFLICT (409), _ALREADY_EXISTS,
                 _NOT_FOUND, _INVALID (422), _FORBIDDEN, _UNAUTHORIZED, _SERVER_ERROR,
                 _HTTP_ERROR, _CONNECTION, _TOO_LARGE, _TIMEOUT; the response has the
                 body, the HTTP code and the server's Status (reason, message; sanitised)
        int  kinf_client_start(c, req) / _done(c, kinf_client_response_t*) / _busy(c)
                 verbs KINF_CLIENT_GET, _CREATE, _UPDATE, _PATCH_MERGE, _PATCH_JSON,
                 _DELETE (preconditions uid, resourceVersion), _APPLY (server-side
                 apply: req.field_manager required, req.force); req.status: .../status
        retries (client-go's rules): a 429, a 5xx with Retry-After, a GET's 5xx or cut
                 connection, after Retry-After or a jittered backoff, desc.max_retries
                 (5; -1: none), retry_base_ms (500), retry_max_ms (30000); never a 409
        int  kinf_client_poll(c, timeout_ms) / _fd(c) / unsigned _wants(c) / int _timeout_ms(c)
        uint32_t kinf_client_fd_generation(c)
        kinf_engine_t* kinf_client_engine(c)      its connection: the kinf_engine_* calls
        uint32_t kinf_client_last_error(c); void _clear_error(c)
        kinf_client_stats_t kinf_client_stats(c); void kinf_client_shutdown(c)

    Leader election (docs/leader-election.md): client-go's, on a Lease, over a
    write client of its own, sans-I/O (step with the clocks) or polled:
        size_t kinf_leader_size(void)
        kinf_leader_t* kinf_leader_init(void* mem, size_t size, const kinf_leader_desc_t*)
        int  kinf_leader_step(l, uint64_t now_ms, int64_t unix_ms) / _poll(l, timeout_ms)
        uint64_t kinf_leader_deadline(l); int kinf_leader_timeout_ms(l)
        int  kinf_leader_is_leader(l, now_ms); const char* kinf_leader_holder(l)
        void kinf_leader_release(l); int _stopped(l); kinf_leader_stats_t kinf_leader_stats(l)
        callbacks: on_started_leading, on_stopped_leading, on_new_leader

    Lists in gzip (docs/errors.md, docs/memory.md; KINF_NO_GZIP compiles it out): a
    list request sends Accept-Encoding: gzip (the API server compresses
    responses over 128 KiB; a watch never asks, and the server never
    compresses one), unless desc.no_gzip = 1. The body is de-chunked, then
    inflated in the informer's own block (RFC 1951/1952, streaming, no malloc,
    its CRC-32 and length checked), then scanned as any list. Bad gzip is
    GZIP_MALFORMED, GZIP_CHECK_FAILED or GZIP_TRUNCATED and the list is retried;
    a Content-Encoding not asked for is HTTP_UNSUPPORTED_ENCODING. Items of a
    list reach the store as they arrive and the CRC-32 comes at the end, so
    after a gzip list that was given up the next lists re-apply every item,
    its resourceVersion unchanged or not (the handlers get updates), until one
    completes. kinf_stats: gzip_responses, gzip_bytes_in, gzip_bytes_out.
    A watch-list (desc.watch_list, AUTO by default) is a watch, never
    compressed: gzip serves the lists made by LIST (watch_list OFF, or after
    the server refused watch-list).

    Keys are "namespace/name", or "name" for cluster-scoped objects.
    Paths are dot separated keys ("status.phase"); a backslash escapes the next
    character ("metadata.labels.app\.kubernetes\.io/name"), and a segment of
    digits indexes an array ("spec.containers.0.image").
    Reading an object's labels, no malloc, no parser to set up:
        kinf_members_t it; kinf_value_t k, v; char name[256], value[256];
        kinf_members(obj, "metadata.labels", &it);
        while (kinf_member_next(&it, &k, &v)) {
            kinf_value_str(&k, name, sizeof name); kinf_value_str(&v, value, sizeof value);
            printf("%s=%s\n", name, value);
        }

CONFIGURATION MACROS
====================
    KINFORMER_IMPLEMENTATION  compile the implementation into this file
    KINFORMER_STATIC          make every function static (several copies per program)
    KINF_API                  override the linkage of public functions
    KINF_NO_LOG_STRINGS       compile the log messages out (ids stay); saves flash
    KINF_NO_KUBECONFIG        compile the kubeconfig reader out (about 9 KB at -Os):
                              kinf_config_kubeconfig fails with KUBECONFIG_UNAVAILABLE
    KINF_NO_FACTORY           compile discovery and the factory out (about 24 KB at -Os):
                              the kinf_discovery_* and kinf_factory_* calls are not defined
    KINF_NO_SNAPSHOT          compile the persisted cache out (kinf_snapshot_*, its journal included: about 12.5 KB at -Os)
    KINF_NO_GZIP              compile the gzip inflater out (about 6.4 KB at -Os): lists never
                              ask for gzip, a gzip response is HTTP_UNSUPPORTED_ENCODING,
                              and KINF_GZIP_BYTES is 0
    KINF_NO_WORKQUEUE         compile the workqueue out (the kinf_workqueue_* calls are not defined)
    KINF_NO_HUB               compile the node-local server out (the kinf_hub_* calls are not
                              defined; set by KINF_NO_FACTORY: the hub serves a factory's informers)
    KINF_NO_CLIENT            compile the write client out (the kinf_client_* calls are not
                              defined; its log items keep their ids, named "")
    KINF_NO_WATCH_LIST        compile watch-list out: desc.watch_list is ignored, LIST then WATCH
    KINF_NO_METADATA_ONLY     compile metadata-only informers out: desc.metadata_only = 1 is
                              refused by kinf_init (METADATA_ONLY_UNAVAILABLE)
    KINF_NO_JSONPATCH         compile kinf_json_patch out (docs/kubediff.md)
    KINF_NO_SELECTOR          compile kinf_selector_* out (about 5 KB at -Os): the selectors go to
                              the server, and an object it sends outside them is cached unjudged
    KINF_NO_SKIP_UNCHANGED    compile desc.skip_unchanged's comparison out (about 1 KB at -Os):
                              every update is delivered
    KINF_NO_RESYNC            compile resync out (about 0.6 KB at -Os): desc.resync_period_ms
                              and kinf_add_handler_resync's period are not acted on
    KINF_NO_EXEC              compile the exec credential plugin's runner out (about 6 KB):
                              kinf_init refuses a desc.exec (EXEC_UNAVAILABLE)
    KINF_NO_PROXY             compile the HTTP proxy's tunnel out (about 4.5 KB at -Os):
                              HTTPS_PROXY/HTTP_PROXY are not read (connections go direct), and
                              a desc.proxy (a kubeconfig's proxy-url) is refused (CONFIG_BAD_PROXY)
    KINF_JSONPATCH_PATH 4096  bytes of the JSON Pointer of kinf_json_patch's walk (on its stack)
    KINF_WORKQUEUE_THREADS    the workqueue locks a mutex per queue and blocks on condition
                              variables (link -pthread): workers on several threads
    KINF_TLS_BEARSSL          https:// through BearSSL (link -lbearssl)
    KINF_TLS_MAX_CAS 16, KINF_TLS_ANCHOR_BYTES 16384   the trust store's defaults when
                              desc.tls_max_cas and tls_anchor_bytes are 0
    KINF_TLS_MAX_CHAIN 4, KINF_TLS_CHAIN_BYTES 8192   caps of the client chain
    KINF_ASSERT(c)            override assert()
    KINF_SELFCHECK            check the store's invariants after every change (tests)
    KINF_NO_SIMD              no SSE2, AVX2 or NEON: the fast loop's 64-byte stop masks
                              (kinf__stop64) and the 16-byte scans of plain bytes in strings
                              are left out (eight bytes at a time instead, or one), and so
                              is KINF_SCAN_STRUCTURAL's pass
    KINF_SCAN_STRUCTURAL      the scanner's structural pass (SSE2, AVX2 with -mavx2, NEON on
                              arm64; not with -Os or KINF_NO_SIMD): the bytes under the member
                              table's levels classified 64 at a time into bit masks, the
                              tokens stepped from them. Off by default: on Kubernetes
                              objects it is slower than the token loop (docs/performance.md)
    KINF_ENGINE_ONLY          the engine alone, freestanding (a microcontroller): no POSIX
                              header, socket, file or clock. kinf_poll, kinf_run, kinf_fd,
                              kinf_wants, kinf_timeout_ms, kinf_engine_refresh_token_file and the
                              kinf_config_* loaders (kinf_config_apply stays) are left out,
                              and TLS with them, as are discovery and the factory, the
                              workqueue, the write client, the snapshot file helpers and
                              kinf_log_stderr (KINF_NO_FACTORY, KINF_NO_WORKQUEUE and
                              KINF_NO_CLIENT are implied): drive it
                              with the kinf_engine_* calls, and
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
      + max_objects   * (20 (a slot; 16 with KINF_NO_SNAPSHOT) + 8 + max_indexes * max_index_values * 12 (index links))
      + key hash buckets: 4 bytes * (1.25 * max_objects + 1) (at least 16 buckets)
      + index buckets: (1 + max_indexes) * 4 bytes * the power of two >= max_objects / 4
      + max_tokens * KINF_TOKEN_BYTES + max_event_bytes + store_bytes
      + handlers and index definitions (a few dozen bytes each)
    + unless desc.no_gzip (or KINF_NO_GZIP), the gzip inflater: its 32 KiB
      window, Huffman tables and CRC table (37,072 bytes on x86_64; at most
      KINF_GZIP_BYTES, 40 KiB, which KINF_INFORMER_BYTES counts)
    + for an https:// server in a KINF_TLS_BEARSSL build (and not
      desc.own_transport), the TLS block: BearSSL
      contexts, record buffers, anchors, client chain (78,448 bytes on x86_64
      with the default trust store; at most KINF_TLS_BYTES, 96 KiB), whatever
      the number of objects; a larger trust store adds 64 bytes per anchor
      of desc.tls_max_cas over 16 and its tls_anchor_bytes over 16 KiB
      (KINF_TLS_BYTES_FOR): Debian's system bundle 132,176 in all
    KINF_INFORMER_BYTES_FOR(name, value, ...) is an upper bound of the same,
    a constant for static buffers, from the desc values by name, in any order:
        static unsigned char mem[KINF_INFORMER_BYTES_FOR(max_objects, 2000, store_bytes, 1 << 20)];
    (names: max_objects, store_bytes, max_event_bytes, max_tokens,
    max_handlers, max_indexes, read_bytes, max_index_values; those left out are 0, the default;
    a wrong name, a name twice or a value without one does not compile).
    The values are read as kinf_init reads them: 0 is the default, a negative
    max_indexes none, out of range clamped; the bound is a uint64_t and never
    wraps. KINF_INFORMER_BYTES(max_objects, store_bytes, max_event_bytes,
    max_tokens, max_handlers, max_indexes) is the same bound by position
    (with a desc.read_bytes above KINF_READ_BYTES, add the difference; it
    takes max_index_values as 1: name it in KINF_INFORMER_BYTES_FOR). Both
    need the same KINF_READ_BYTES as the implementation's file (it sizes
    KINF_FIXED_BYTES; a smaller buffer is refused by kinf_init).
    store_bytes holds the objects as compact projected JSON plus their key,
    namespace, uid and resourceVersion and a 16-byte header, rounded to 4 bytes;
    while a change waits in the FIFO, both the old and the new version are kept.
    See docs/memory.md for a worked budget.
    kinf_discovery_size and kinf_factory_size are exact as well: a factory
    is its informers (max_informers of kinf_informer_size(base), or of a
    caps row's capacities for a resource that has one), about 3.1 KB of
    slot each, and its discovery (169,168 bytes at the defaults on x86_64,
    247,616 with a TLS block); docs/factory.md has an edge agent's budget.
    With desc.store_budget the shares hold no store and the informers'
    stores share store_budget bytes, growing as their objects come
    (docs/factory.md "One budget").
    In a 32-bit build the capacities can add up to more than size_t counts
    (store_bytes and max_event_bytes near their caps): kinf_informer_size
    then returns SIZE_MAX, KINF_INFORMER_BYTES (a uint64_t) is above SIZE_MAX
    so a static buffer of it fails to compile, and kinf_init and kinf_check
    refuse the desc whatever the buffer (MEMORY_OVERFLOW).
    kinf_workqueue_size is exact too: 608 bytes of queue (752 with
    KINF_WORKQUEUE_THREADS) plus, per item of capacity, 56 bytes (hash
    buckets rounded up to a power of two) and item_bytes (256 by default):
    320,096 bytes for the default 1024 items on x86_64.
    kinf_client_size is exact: the client with its connection (24,480
    bytes on x86_64), the request's head room (12 KiB), request_bytes
    (16 KiB) and response_bytes (64 KiB) by default, the connection's read
    buffer (16 KiB), and the TLS block for https://: 135,088 bytes at the
    defaults over http://.
    The store is written from its start upwards; its pages cost RSS only once
    written. A freed block is reused (split, merged with free neighbours)
    before the store grows its top, so its RSS follows the bytes it holds
    (kinf_stats' store_used and store_top), not store_bytes; it compacts
    only when no free block fits (store_compactions). desc.prefault_store = 1 asks Linux (5.14 and later) to fault them
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
    kinf_clear_error; so is the item of every call that refuses (a NULL
    argument is BAD_ARGUMENT, a driver or engine call from a callback
    IN_CALLBACK, an engine call it did not ask for ENGINE_OUT_OF_TURN).
    Install a logger in desc.logger to see every item (kinf_log_stderr is
    one, ready); tokens and credentials never appear in a message. When
    kinf_init returns NULL, kinf_check(&desc, size, why, cap) gives the item
    and a one-line reason, logger or not. See docs/errors.md.

THREADING
=========
    One informer belongs to one thread. Several informers can share a thread and
    a loop. Callbacks run only inside kinf_run / kinf_poll / kinf_engine_dispatch
    / kinf_flush / kinf_add_handler on the calling thread; they must not call
    kinf_poll, kinf_run or the kinf_engine_* calls themselves.
    kinf_stop may be called from a callback or a signal handler.
    A workqueue belongs to one thread too, unless built with
    KINF_WORKQUEUE_THREADS: then every kinf_workqueue_* call takes the
    queue's mutex for its whole length and any thread may call any of them
    (destroy aside, which only one may call, once every other is done). The
    logger is called under that mutex: it must not call the queue. An item's
    strings stay valid until its done, whatever other threads do.

LICENSE
=======
    MIT License, Copyright (c) 2026 the kinformer authors. See LICENSE.
*/
#if defined(KINFORMER_IMPLEMENTATION) && !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _POSIX_C_SOURCE 200809L /* getaddrinfo, clock_gettime, poll: when this is the first include */
#endif
#ifndef KINFORMER_H_INCLUDED
#define KINFORMER_H_INCLUDED
/* The engine alone has no sockets and no clock: discovery and the factory
   (their own connections) and the workqueue (its blocking calls) are left out. */
#if defined(KINF_ENGINE_ONLY) && !defined(KINF_NO_FACTORY)
#define KINF_NO_FACTORY
#endif
#if defined(KINF_ENGINE_ONLY) && !defined(KINF_NO_WORKQUEUE)
#define KINF_NO_WORKQUEUE
#endif
#if defined(KINF_NO_FACTORY) && !defined(KINF_NO_HUB)
#define KINF_NO_HUB /* the hub serves a factory's informers */
#endif
#if defined(KINF_ENGINE_ONLY) && !defined(KINF_NO_CLIENT)
#define KINF_NO_CLIENT
#endif
#include <stddef.h>
#include <stdint.h>

/* The version: here only (line 1 of the manual says the same; mkheader.py
   checks it, the Makefile and CMakeLists.txt read these three lines). */
#define KINF_VERSION_MAJOR 0
#define KINF_VERSION_MINOR 1
#define KINF_VERSION_PATCH 0
#define KINF__VERSION_S2(x) #x
#define KINF__VERSION_S(x) KINF__VERSION_S2(x)
/* "MAJOR.MINOR.PATCH", and 0xMMmmpp to compare in #if */
#define KINF_VERSION KINF__VERSION_S(KINF_VERSION_MAJOR) "." KINF__VERSION_S(KINF_VERSION_MINOR) "." KINF__VERSION_S(KINF_VERSION_PATCH)
#define KINF_VERSION_HEX ((KINF_VERSION_MAJOR << 16) | (KINF_VERSION_MINOR << 8) | KINF_VERSION_PATCH)

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
    KINF_ERR_IO = -4,      /* a file could not be read (kinf_engine_refresh_token_file) */
    KINF_ERR_STATE = -5    /* not allowed now (e.g. add_index after start) */
} kinf_result_t;

/* Log items: one X-macro makes the ids and their messages. The write
   client's go through KINF_CLIENT_LOGITEM_XMACRO, so that a build without the client
   (KINF_NO_CLIENT) keeps their ids but not their names. */
#define KINF_CLIENT_LOGITEM_XMACRO(item, msg) KINF_LOGITEM_XMACRO(item, msg)
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
    KINF_LOGITEM_XMACRO(TLS_TOO_LARGE, "CA bundle over desc.tls_max_cas or tls_anchor_bytes, or client chain over its KINF_TLS_* cap") \
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
    KINF_LOGITEM_XMACRO(OBJECT_NO_NAME, "object without metadata.name or resourceVersion, or with a name, namespace or uid too long") \
    KINF_LOGITEM_XMACRO(DATA_STALE, "the cache was not confirmed current within the age asked for (kinf_fresh)") \
    KINF_LOGITEM_XMACRO(OBJECT_OUT_OF_SCOPE, "object outside the informer's namespace or selectors: refused, not cached") \
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
    KINF_LOGITEM_XMACRO(KUBECONFIG_UNSUPPORTED, "kubeconfig: field not supported (auth-provider, username/password, impersonation, an exec the reader refuses)") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_BAD_BASE64, "kubeconfig: a *-data field is not valid base64") \
    KINF_LOGITEM_XMACRO(INCLUSTER_NOT_FOUND, "not in a cluster: KUBERNETES_SERVICE_HOST/PORT are not set") \
    KINF_LOGITEM_XMACRO(INCLUSTER_UNREADABLE, "in-cluster: cannot read the service account token or CA") \
    KINF_LOGITEM_XMACRO(OWN_TRANSPORT, "desc.own_transport is set: drive the engine with kinf_engine_*, not kinf_poll/kinf_run") \
    KINF_LOGITEM_XMACRO(BAD_REQUEST, "400 Bad Request: the server refused the request (a selector, or a namespace it does not take)") \
    KINF_LOGITEM_XMACRO(LIST_ITEM_NOT_OBJECT, "an element of a LIST response's items is not an object: the list fails and is retried") \
    KINF_LOGITEM_XMACRO(RV_TOO_LONG, "resourceVersion longer than the informer holds (127 bytes)") \
    KINF_LOGITEM_XMACRO(BAD_ARGUMENT, "a call got a NULL or out-of-range argument and did nothing") \
    KINF_LOGITEM_XMACRO(IN_CALLBACK, "not allowed from inside a callback: the call did nothing") \
    KINF_LOGITEM_XMACRO(ENGINE_OUT_OF_TURN, "an engine call the engine did not ask for (see kinf_engine_state): ignored") \
    KINF_LOGITEM_XMACRO(NO_TOKEN_FILE, "kinf_engine_refresh_token_file: the connection has no token_file") \
    KINF_LOGITEM_XMACRO(KUBECONFIG_UNAVAILABLE, "this build has no kubeconfig reader (KINF_NO_KUBECONFIG): configure in code or in-cluster") \
    KINF_LOGITEM_XMACRO(DISCOVERY_START, "discovering the server's resources") \
    KINF_LOGITEM_XMACRO(DISCOVERY_DONE, "discovery complete") \
    KINF_LOGITEM_XMACRO(DISCOVERY_FAILED, "discovery failed: retrying after a backoff") \
    KINF_LOGITEM_XMACRO(DISCOVERY_GROUP_SKIPPED, "a group version's discovery document could not be read: its resources are left out") \
    KINF_LOGITEM_XMACRO(DISCOVERY_MALFORMED, "malformed discovery document") \
    KINF_LOGITEM_XMACRO(DISCOVERY_TOO_LARGE, "a discovery document (or one group of the aggregated one) exceeds doc_bytes") \
    KINF_LOGITEM_XMACRO(DISCOVERY_FULL, "more resources than max_resources, or their names exceed names_bytes: resource left out") \
    KINF_LOGITEM_XMACRO(UNKNOWN_RESOURCE, "the server has no such resource (plural, singular, short name, Kind, name.group or API path)") \
    KINF_LOGITEM_XMACRO(NOT_DISCOVERED, "no discovery has completed yet: resource names cannot be resolved") \
    KINF_LOGITEM_XMACRO(CLUSTER_SCOPED, "a namespace was given for a cluster-scoped resource") \
    KINF_LOGITEM_XMACRO(NOT_WATCHABLE, "the resource cannot be listed and watched (its verbs lack list or watch)") \
    KINF_LOGITEM_XMACRO(FACTORY_FULL, "the factory has max_informers informers already") \
    KINF_LOGITEM_XMACRO(STORE_BUDGET_FULL, "the factory's store_budget is used up: this informer's store cannot grow (the others carry on)") \
    KINF_LOGITEM_XMACRO(FACTORY_NOT_KEPT, "the shared informer has started and does not keep a field asked for") \
    KINF_LOGITEM_XMACRO(RESOURCE_GONE, "the resource left discovery (its CRD was deleted): its objects are deleted, its informer no longer polled") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_LOADED, "snapshot loaded: its objects are served, stale, until the watch from its resourceVersion resumes") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_RESUMED, "resumed after the snapshot: the cache is current again") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_TRUNCATED, "the snapshot ends early: refused, listing as if there were none") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_CORRUPT, "the snapshot fails its checksum or is malformed: refused, listing as if there were none") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_FOREIGN, "the snapshot was made for another server, resource, namespace, selector, projection, machine or format: refused") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_TOO_LARGE, "the snapshot holds more than max_objects, store_bytes or max_event_bytes allow: refused") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_UNREADABLE, "cannot read the snapshot: ignored, listing as if there were none") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_WRITE_FAILED, "cannot write the snapshot: the previous one is kept") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_WRITTEN, "snapshot written") \
    KINF_LOGITEM_XMACRO(MEMORY_OVERFLOW, "the capacities add up to more bytes than size_t counts (a 32-bit build): lower store_bytes, max_event_bytes or max_objects") \
    KINF_LOGITEM_XMACRO(TLS_NO_CLOCK, "TLS: no wall-clock time to check the certificate dates against") \
    KINF_LOGITEM_XMACRO(WORKQUEUE_FULL, "the workqueue holds capacity items: the add was refused, the caller keeps the key") \
    KINF_LOGITEM_XMACRO(WORKQUEUE_KEY_TOO_LONG, "a workqueue item's resource and key exceed item_bytes: refused") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_CONFLICT, "409 Conflict: the object changed since it was read (resourceVersion or uid precondition): re-read and retry") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_ALREADY_EXISTS, "409 AlreadyExists: an object of that name exists") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_NOT_FOUND, "404 Not Found: no such object (or resource)") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_INVALID, "422 Invalid: the server refused the object or patch") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_FORBIDDEN, "403 Forbidden: RBAC does not allow this request") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_UNAUTHORIZED, "401 Unauthorized: the token was refused") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_SERVER_ERROR, "5xx from the server") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_HTTP_ERROR, "the server refused the request (HTTP status follows)") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_RESPONSE_TOO_LARGE, "the response body is larger than the client's response_bytes") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_BODY_TOO_LARGE, "the request body is larger than the client's request_bytes: not sent") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_BUSY, "a request is under way: one at a time per client") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_TIMEOUT, "the request did not complete in time: abandoned") \
    KINF_LOGITEM_XMACRO(WATCH_LIST_FALLBACK, "watch-list refused or not finished by the server: listing with LIST, then WATCH") \
    KINF_LOGITEM_XMACRO(METADATA_ONLY_UNAVAILABLE, "desc.metadata_only: this build has no metadata-only informers (KINF_NO_METADATA_ONLY)") \
    KINF_LOGITEM_XMACRO(GZIP_MALFORMED, "a gzip list response is malformed (header, block, Huffman code, distance, or data after its end): the list is retried") \
    KINF_LOGITEM_XMACRO(GZIP_CHECK_FAILED, "a gzip list response fails its CRC-32 or length check: the list is retried") \
    KINF_LOGITEM_XMACRO(GZIP_TRUNCATED, "a gzip list response ends before its gzip trailer: the list is retried") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_TEMP_EXISTS, "the snapshot's temporary file is there and cannot be removed: not written, the previous one is kept") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_WRITE_RECOVERED, "snapshot writes work again after failing") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_JOURNAL_FOREIGN, "the snapshot's journal follows another image or is not a journal: ignored, the image alone loaded") \
    KINF_LOGITEM_XMACRO(SNAPSHOT_JOURNAL_TORN, "the snapshot's journal ends in a torn record (a crash while appending): that record dropped, the ones before it loaded") \
    KINF_LOGITEM_XMACRO(CONFIG_BAD_SELECTOR, "desc.label_selector or desc.field_selector is malformed") \
    KINF_LOGITEM_XMACRO(INDEX_TOO_MANY_VALUES, "an index function gave more values than desc.max_index_values: the object is found by the first ones only") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_RETRY, "the write client sends the request again (a 429, a 5xx, or a GET's connection lost)") \
    KINF_LOGITEM_XMACRO(EXEC_FAILED, "the exec credential plugin could not be run or failed (exit status, first line of stderr)") \
    KINF_LOGITEM_XMACRO(EXEC_TIMEOUT, "the exec credential plugin did not finish in time: killed") \
    KINF_LOGITEM_XMACRO(EXEC_BAD_OUTPUT, "the exec credential plugin's output is no usable ExecCredential") \
    KINF_LOGITEM_XMACRO(EXEC_UNAVAILABLE, "desc.exec: this build runs no exec credential plugins (KINF_NO_EXEC)") \
    KINF_LOGITEM_XMACRO(HUB_BAD_REQUEST, "a hub client sent a malformed request: 400 and closed") \
    KINF_LOGITEM_XMACRO(HUB_HEAD_TOO_LARGE, "a hub client's request head exceeds KINF_MAX_HEAD_BYTES: 431 and closed") \
    KINF_LOGITEM_XMACRO(HUB_FULL, "every hub client slot is taken (max_clients): 503") \
    KINF_LOGITEM_XMACRO(HUB_UNAUTHORIZED, "a hub client sent no token or a wrong one: 401") \
    KINF_LOGITEM_XMACRO(HUB_SLOW_CLIENT, "a hub client fell behind (its send buffer did not move, or the window of changes passed it): its response ended") \
    KINF_LOGITEM_XMACRO(HUB_TIMEOUT, "a hub client was idle, or slow to send its request head: closed") \
    KINF_LOGITEM_XMACRO(HUB_FORWARD_FAILED, "a request forwarded to the API server got no whole response: 503 to its client, or its response cut") \
    KINF_LOGITEM_XMACRO(HUB_BAD_ADDRESS, "a hub listen address is not unix:PATH, 127.0.0.1:PORT or [::1]:PORT") \
    KINF_LOGITEM_XMACRO(HUB_LISTEN, "a hub listen address could not be bound") \
    KINF_LOGITEM_XMACRO(HUB_WINDOW_RESET, "a change could not be kept in the hub's window (too large, or oversized): watchers behind it relist") \
    KINF_CLIENT_LOGITEM_XMACRO(LEADER_BAD_CONFIG, "leader election: no client, namespace, name or identity, or not lease > renew deadline > 1.2 retry periods > 0 (the lease in whole seconds)") \
    KINF_CLIENT_LOGITEM_XMACRO(LEADER_ELECTED, "leader election: this candidate acquired the Lease and leads") \
    KINF_CLIENT_LOGITEM_XMACRO(LEADER_LOST, "leader election: this candidate leads no more (another holds the Lease, no renewal within the renew deadline, or stopped)") \
    KINF_CLIENT_LOGITEM_XMACRO(LEADER_NEW, "leader election: the Lease names a new holder") \
    KINF_CLIENT_LOGITEM_XMACRO(LEADER_RELEASED, "leader election: stopped; the Lease was given up (no holder, lease 1 s)") \
    KINF_CLIENT_LOGITEM_XMACRO(LEADER_REQUEST_FAILED, "leader election: a request for the Lease failed: tried again after the retry period") \
    KINF_CLIENT_LOGITEM_XMACRO(LEADER_BAD_LEASE, "leader election: the Lease read has no resourceVersion or a malformed spec: tried again after the retry period") \
    KINF_CLIENT_LOGITEM_XMACRO(CLIENT_NO_FIELD_MANAGER, "server-side apply without a field manager (or one over 128 bytes or with control characters): not sent") \
    KINF_LOGITEM_XMACRO(EXEC_BAD_CERT, "the exec credential plugin's client certificate or key does not parse, or the key is not the certificate's") \
    KINF_LOGITEM_XMACRO(CONFIG_BAD_PROXY, "proxy is not http://[user:password@]host[:port] (desc.proxy, a kubeconfig's proxy-url, HTTPS_PROXY/HTTP_PROXY), or this build has no proxy tunnel (KINF_NO_PROXY)") \
    KINF_LOGITEM_XMACRO(PROXY_REFUSED, "the proxy answered CONNECT with other than 2xx: no tunnel to the server") \
    KINF_LOGITEM_XMACRO(PROXY_FAILED, "the proxy gave no valid answer to CONNECT (closed, not HTTP, its head too long, or bytes after it)")

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
typedef struct kinf_engine_t kinf_engine_t;     /* one connection and its exchange: an informer's, discovery's or the client's (kinf_engine_*) */

/* A generation-counted handle: a stale one looks up as nothing. */
typedef struct kinf_handle_t { uint32_t id; } kinf_handle_t;

enum { KINF_OBJ_IDENTITY_ONLY = 1 }; /* body not kept (too large / store full) */

/* A view of one cached object. Owned by the informer; valid inside the
   callback that received it, or until the next driver call for lister results.
   key, name, namespace_, uid and resource_version are the JSON strings
   unescaped, as UTF-8 ("p\u0031" is "p1"; an escaped control character or
   a lone surrogate reads as U+FFFD); json keeps the server's escapes. */
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

/* A multi-valued index function (client-go's IndexFunc, which returns a
   list): it calls kinf_index_emit(out, value) for each of the object's
   values, none to leave the object out. A lookup by any of them finds the
   object (once, whatever the number of values that name it). Values of any
   length; repeated ones count once. At most desc.max_index_values are kept
   per object: kinf_index_emit returns 0 for one more, which is not indexed,
   and INDEX_TOO_MANY_VALUES is logged (with the index and the key). The
   function may be called again on the same object (at every lookup that
   meets it), so it must give the same values for the same object. */
typedef struct kinf_index_values_t kinf_index_values_t; /* the library's, on its stack */
typedef void (*kinf_index_values_fn)(const kinf_object_t* obj, kinf_index_values_t* out, void* user);

enum { KINF_INDEX_NAMESPACE = 0 }; /* built-in; kinf_add_index returns 1, 2, ... */

typedef struct kinf_iter_t { uint32_t pos; int32_t next; } kinf_iter_t;

typedef enum kinf_vtype_t {
    KINF_VNONE = 0, KINF_VOBJECT, KINF_VARRAY, KINF_VSTRING, KINF_VNUMBER, KINF_VBOOL, KINF_VNULL
} kinf_vtype_t;

/* A raw JSON value inside an object view: for strings, ptr/len exclude the
   quotes and escapes are left as they are (kinf_value_str unescapes them);
   an object or array is its JSON text, brackets included. plain 1: a string
   that is text already, not JSON (metadata.name, .namespace, .uid,
   .resourceVersion read from the object's identity fields, which are
   unescaped: a '\\' or '"' in them is itself); kinf_value_str copies it.
   A value built by hand (for kinf_members_of, kinf_value_str) starts zeroed:
   plain 0 is JSON text. */
typedef struct kinf_value_t { kinf_vtype_t type; const char* ptr; size_t len; int plain; } kinf_value_t;

/* The members of an object, or the elements of an array, one at a time
   (kinf_members, kinf_members_of, kinf_member_next). A plain variable of the
   caller's: nothing to release. It points into the object view and is valid
   as long as that view is. */
typedef struct kinf_members_t {
    kinf_vtype_t type;            /* KINF_VOBJECT or KINF_VARRAY; KINF_VNONE: nothing to iterate */
    size_t index;                 /* position of the member or element returned last, from 0 */
    /* private */
    const char* p;                /* the next member, or the closing bracket */
    const char* end;              /* the closing bracket */
    size_t count;                 /* members returned */
    const kinf_object_t* ident;   /* iterating metadata: the identity members the JSON lacks follow */
    unsigned ident_seen, ident_next;
} kinf_members_t;

/* The built-in driver's sockets, told to an event loop as they come and go
   (as libcurl's CURLMOPT_SOCKETFUNCTION): desc.on_socket. func(e, fd, event,
   wants, user) is called on the caller's thread from inside the driver's
   calls (kinf_poll, kinf_flush, kinf_shutdown, and discovery's, the client's
   and the factory's polls, runs, starts and shutdowns), with e the engine of
   the owner whose socket it is:
       KINF_SOCKET_ADDED    the driver opened fd (it connects: wants is
                            KINF_WANT_WRITE); start waiting for it
       KINF_SOCKET_CHANGED  what fd is waited for is now wants (KINF_WANT_*;
                            0: wait for nothing on it for now)
       KINF_SOCKET_REMOVED  the driver is about to close fd (wants 0): stop
                            waiting for it now. The same number may come
                            back at once in an ADDED: it is another socket.
   It must not call the driver or engine calls (they do nothing and set
   IN_CALLBACK); it may start and stop its loop's watchers. Not called for
   a transport of your own (own_transport). The timer is still yours: after
   each driver call, wait at most kinf_timeout_ms. */
enum { KINF_SOCKET_ADDED = 1, KINF_SOCKET_CHANGED = 2, KINF_SOCKET_REMOVED = 3 };
typedef struct kinf_socket_cb_t {
    void (*func)(kinf_engine_t* e, int fd, int event, unsigned wants, void* user);
    void* user;
} kinf_socket_cb_t;
/* An exec credential plugin (a kubeconfig's users[].user.exec, as kubectl
   runs it; docs/kubeconfig.md): the built-in driver runs command with args
   and the environment plus env and KUBERNETES_EXEC_INFO, never
   interactively (stdin /dev/null), reads the ExecCredential it prints
   (at most KINF_EXEC_OUTPUT_BYTES, within timeout_ms) and sends its
   status.token, its client certificate and key (clientCertificateData,
   clientKeyData: checked, then used for every TLS handshake; EXEC_BAD_CERT),
   or both; again on a 401, a rejected client certificate and before
   status.expirationTimestamp. The
   strings are the caller's and must outlive every owner given it. */
#define KINF_EXEC_MAX_ARGS 32
#define KINF_EXEC_MAX_ENV 32
#define KINF_EXEC_OUTPUT_BYTES (32u * 1024u)
typedef struct kinf_exec_t {
    const char* command;          /* a path, or a name looked up in PATH; NULL: no plugin */
    const char* api_version;      /* client.authentication.k8s.io/v1 or /v1beta1 */
    const char* args[KINF_EXEC_MAX_ARGS];
    int nargs;
    const char* env[KINF_EXEC_MAX_ENV][2]; /* name, value */
    int nenv;
    int provide_cluster_info;     /* KUBERNETES_EXEC_INFO's spec.cluster: the server */
    int timeout_ms;               /* default 30000 */
} kinf_exec_t;

/* The connection: the server, its credentials and TLS, the timeouts, the
   logger. An informer (kinf_desc_t.connection), discovery and the write
   client (their desc.connection) take one; several can share one. The
   fields mean what kinf_desc_t's fields of the same names mean. */
typedef struct kinf_conn_desc_t {
    const char* server;
    const char* token;
    const char* token_file;
    int idle_timeout_ms;
    int connect_timeout_ms;
    size_t read_bytes;
    /* from here to own_transport in kinf_desc_t's order */
    uint32_t random_seed;
    kinf_logger_t logger;
    const char* tag;
    const char* ca_file;
    const void* ca_data;
    size_t ca_len;
    const char* client_cert_file;
    const void* client_cert_data;
    size_t client_cert_len;
    const char* client_key_file;
    const void* client_key_data;
    size_t client_key_len;
    const char* tls_server_name;
    int insecure_skip_tls_verify;
    int64_t (*tls_time)(void* user);
    void* tls_time_user;
    int tls_max_cas;
    size_t tls_anchor_bytes;
    const char* proxy;
    const kinf_exec_t* exec;
    int own_transport;
    kinf_socket_cb_t on_socket;   /* the socket callback (above); NULL func: none */
} kinf_conn_desc_t;

typedef struct kinf_desc_t {
    const char* server;          /* "http://host:port", IPv6 as "http://[::1]:8080" */
    const char* resource;        /* "pods", "/api/v1/pods", "/apis/apps/v1/deployments" */
    const char* namespace_;      /* NULL or "" = all namespaces */
    const char* label_selector;  /* as the API server reads them (kinf_selector_parse); an object */
    const char* field_selector;  /* they do not match is refused: OBJECT_OUT_OF_SCOPE */
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
    int resync_period_ms;        /* 0 = no resync; the handlers' (kinf_add_handler_resync) */
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
    /* The trust store's bounds, set at init in the TLS block (docs/tls.md):
       at most tls_max_cas CA certificates (default KINF_TLS_MAX_CAS, 16; at
       most 65536) whose names and public keys take at most tls_anchor_bytes
       (default KINF_TLS_ANCHOR_BYTES, 16 KiB; at most 64 MiB). A bundle over
       either is refused (TLS_TOO_LARGE). kinf_ca_bundle_size says what a
       bundle needs: Debian's system bundle, 144 CAs, takes 144 and 61,917
       bytes (KINF_TLS_BYTES_FOR). */
    int tls_max_cas;
    size_t tls_anchor_bytes;
    /* An HTTP proxy the built-in driver tunnels through (CONNECT host:port,
       for http:// and https:// servers alike): "http://[user:password@]host[:port]"
       (port 80 by default; user and password %-escaped as in a URL, sent as
       Basic Proxy-Authorization). "": none. NULL: the environment's, as
       client-go reads it: HTTPS_PROXY (or https_proxy) for an https://
       server, HTTP_PROXY (or http_proxy) for http://, a value without a
       scheme taken as http://, none for localhost, a loopback address or a
       host NO_PROXY (no_proxy) names. Read at init. kinf_config_apply sets
       it from a kubeconfig's proxy-url. Not with own_transport. */
    const char* proxy;
    /* An exec credential plugin (kinf_config_apply sets it from a kubeconfig):
       the built-in driver runs it for the token, as it reads token_file. Kept
       as a pointer: it must outlive the informer. NULL: none. */
    const kinf_exec_t* exec;
    int own_transport;           /* 1: a transport of the caller's drives the engine (kinf_engine_*), TLS
                                    for https:// included; no TLS block is set up and kinf_poll refuses */
    /* Watch-list (streaming lists, KEP-3157): the list and every relist
       through one watch with sendInitialEvents. KINF_WATCH_LIST_AUTO (0,
       the default, as client-go 1.35): tried, and after the server refuses
       it or does not finish the initial events once, this informer lists
       with LIST from then on; _ON: tried at every (re)list, each failure
       falls back to LIST for that one; _OFF: LIST, then WATCH. */
    int watch_list;
    /* A watch-list whose stream (its head 200) brings no initial event and
       no end bookmark for this long falls back to LIST at once, as one that
       sends a bookmark without k8s.io/initial-events-end, or an event other
       than ADDED, before its end: what a server or proxy that ignores
       watch-list's parameters and answers a plain watch does. Default 10000. */
    int watch_list_timeout_ms;
    /* 1: metadata only (client-go's metadatainformer): the requests ask for
       PartialObjectMetadata(List), and each object is projected to its
       "metadata" whatever the server sends; keep paths must lie under
       "metadata" (none: all of it). */
    int metadata_only;
    int no_gzip;                 /* 1: lists ask for no gzip (Accept-Encoding), and the inflater's
                                    KINF_GZIP_BYTES are not reserved; builds with KINF_NO_GZIP never ask */
    /* not NULL: the connection's settings (server, credentials, TLS,
       timeouts, read_bytes, own_transport) come from here, and the fields
       above of the same names are not read; logger, tag, random_seed and
       on_socket are this descriptor's when set, else the connection's */
    const kinf_conn_desc_t* connection;
    /* the built-in driver's sockets as they open, change and close, for an
       event loop (kinf_socket_cb_t above; see kinf_fd) */
    kinf_socket_cb_t on_socket;
    /* 1: an update that changes nothing the informer keeps is not delivered
       (kinf_stats: skipped_unchanged): its stored JSON equals the version
       the handlers had, member for member, apart from
       metadata.resourceVersion and metadata.managedFields. The store takes
       it all the same (the lister and the resourceVersion are the newest).
       Adds, deletes, resyncs and identity-only versions are always delivered. */
    int skip_unchanged;
    /* values a multi-valued index (kinf_add_index_values) keeps per object;
       default 1, at most 64. Each costs max_objects * 12 bytes per custom
       index (see MEMORY); the namespace index has one whatever this is. */
    int max_index_values;
} kinf_desc_t;
enum { KINF_WATCH_LIST_AUTO = 0, KINF_WATCH_LIST_ON = 1, KINF_WATCH_LIST_OFF = 2 };

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
    char proxy_url[512];          /* clusters[].cluster.proxy-url ("": none) */
    const char* token;            /* literal token, in the work buffer */
    const void* ca_data; size_t ca_len;
    const void* client_cert_data; size_t client_cert_len;
    const void* client_key_data; size_t client_key_len;
    int insecure_skip_tls_verify;
    kinf_exec_t exec;             /* users[].user.exec (command NULL: none); strings in the work buffer */
    char source[16];              /* "kubeconfig" or "in-cluster" */
    char context[256];            /* the context used */
    uint32_t error;               /* KINF_LOGITEM_* when a load failed */
    char error_detail[256];       /* the file, field or line it is about */
} kinf_config_t;

typedef struct kinf_stats_t {
    uint64_t events, added, modified, deleted, bookmarks, errors_in_stream;
    uint64_t lists, list_pages, list_items, relists, watches; /* lists: by LIST (watch_lists below: by a watch) */
    uint64_t reconnects;                             /* requests that opened a connection after the first one */
    uint64_t backoffs;
    uint64_t bytes_read, bytes_written, errors, malformed, oversized, store_full, dropped;
    uint64_t delivered_adds, delivered_updates, delivered_deletes, resyncs;
    uint64_t delivered_oversized;                    /* changes that went to on_oversized */
    uint32_t objects, max_objects, fifo_len, fifo_capacity;
    size_t store_used, store_capacity, store_peak;   /* bytes of object data */
    size_t mem_used, mem_capacity;                   /* whole informer memory */
    struct { uint32_t head_bytes, headers, depth, rules, continue_bytes, token_bytes, read_bytes; } caps;
    uint64_t watch_lists;                            /* (re)lists made through a watch (watch-list), begun */
    uint64_t watch_list_fallbacks;                   /* of them, refused or not finished: a LIST instead */
    uint64_t gzip_responses, gzip_bytes_in, gzip_bytes_out; /* list responses in gzip; their bytes compressed, inflated */
    int64_t fresh_age_ms;                            /* since the cache was last confirmed current (kinf_fresh); -1: never */
    uint64_t connections;                            /* requests that opened a connection, the first included */
    uint64_t skipped_unchanged;                      /* updates not delivered: nothing kept changed (desc.skip_unchanged) */
    size_t store_top;                                /* bytes of the store's memory from its start to its last block */
    uint64_t store_compactions;                      /* times the store slid its blocks together to make room */
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
#define KINF_TLS_BYTES (96u * 1024u) /* added for an https:// server in a KINF_TLS_BEARSSL build (default trust store) */
/* The trust store (desc.tls_max_cas, tls_anchor_bytes): a bound of one
   anchor's slot (BearSSL's br_x509_trust_anchor: 64 bytes on x86_64), the
   largest values taken, and the TLS block for a store of these bounds (0:
   the default, 16 anchors and 16 KiB), an upper bound as KINF_TLS_BYTES is:
       static unsigned char tls_extra[KINF_TLS_BYTES_FOR(160, 128 * 1024) - KINF_TLS_BYTES]; */
#define KINF_TLS_ANCHOR_SLOT_BYTES (8u * sizeof(void*))
#define KINF_TLS_CAS_LIMIT 65536
#define KINF_TLS_ANCHOR_LIMIT (64u << 20)
#define KINF_TLS_BYTES_FOR(max_cas, anchor_bytes) ((uint64_t)KINF_TLS_BYTES + 16u \
    + (KINF__CAP(max_cas, 16, 16, KINF_TLS_CAS_LIMIT) - 16u) * KINF_TLS_ANCHOR_SLOT_BYTES \
    + (KINF__CAP(anchor_bytes, 16384, 16384, KINF_TLS_ANCHOR_LIMIT) - 16384u))
/* the gzip inflater (its 32 KiB window and its state), unless desc.no_gzip
   or KINF_NO_GZIP; counted in KINF_INFORMER_BYTES */
#ifdef KINF_NO_GZIP
#define KINF_GZIP_BYTES 0u
#else
#define KINF_GZIP_BYTES (40u * 1024u)
#endif
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
   kinf_init reads them (0 is the default, a value out of range is clamped as
   kinf_init clamps it), for static buffers. A uint64_t constant: no value
   wraps it, and on a 32-bit target a bound above SIZE_MAX fails to compile
   as an array size instead of wrapping. */
#define KINF_INFORMER_BYTES(max_objects, store_bytes, max_event_bytes, max_tokens, max_handlers, max_indexes) \
    KINF__BYTES(max_objects, store_bytes, max_event_bytes, max_tokens, max_handlers, max_indexes, 0, 0)
/* The same bound from the capacities by name, in any order, each at most
   once; those not named are 0, the default:
       static unsigned char mem[KINF_INFORMER_BYTES_FOR(max_objects, 2000, store_bytes, 1 << 20)];
   The names are the desc fields that size the informer: max_objects,
   store_bytes, max_event_bytes, max_tokens, max_handlers, max_indexes,
   read_bytes (this form adds a read_bytes above KINF_READ_BYTES itself) and
   max_index_values.
   Each value is read as the desc field of that name would hold it. A name
   that is not one of these, a value without its name, more than eight pairs
   and a name given twice do not compile (the last two as a negative array
   size). A constant expression, usable for a static array in C99 and C++.
   It does not include TLS: add KINF_TLS_BYTES for an https:// server in a
   KINF_TLS_BEARSSL build. */
#define KINF_INFORMER_BYTES_FOR(...) KINF__BYTES_FOR(__VA_ARGS__, kinf__end, 0, kinf__end, 0, kinf__end, 0, kinf__end, 0, \
                                                     kinf__end, 0, kinf__end, 0, kinf__end, 0, kinf__end, 0, kinf__end)
/* private: the helpers of the two macros above */
#define KINF__CAP(v, def, lo, hi) ((v) <= 0 ? (uint64_t)(def) : (uint64_t)(v) < (uint64_t)(lo) ? (uint64_t)(lo) \
                                   : (uint64_t)(v) > (uint64_t)(hi) ? (uint64_t)(hi) : (uint64_t)(v))
#define KINF__IDX(n) ((n) == 0 ? (uint64_t)KINF_DEFAULT_INDEXES : (n) < 0 ? (uint64_t)0 : (n) > 16 ? (uint64_t)16 : (uint64_t)(n))
#define KINF__OBJS(n) KINF__CAP(n, KINF_DEFAULT_MAX_OBJECTS, 1, 1000000)
#define KINF__IXV(n) KINF__CAP(n, 1, 1, 64)
#define KINF__BYTES(mo, sb, eb, tk, hd, ix, rb, iv) \
    ((uint64_t)KINF_FIXED_BYTES + (KINF__CAP(rb, KINF_READ_BYTES, KINF_READ_BYTES, 64u << 20) - (uint64_t)KINF_READ_BYTES) \
     + KINF__OBJS(mo) * (KINF_SLOT_BYTES + (1u + KINF__IDX(ix) * KINF__IXV(iv)) * KINF_INDEX_SLOT_BYTES) \
     + (2u + KINF__IDX(ix)) * 4u * (4u * KINF__OBJS(mo) + 4u) \
     + KINF__CAP(tk, KINF_DEFAULT_TOKENS, 64, 0x7fffffff) * KINF_TOKEN_BYTES \
     + KINF__CAP(eb, KINF_DEFAULT_EVENT_BYTES, 4096, 0x7ff00000u) + KINF__CAP(sb, KINF_DEFAULT_STORE_BYTES, 1, 0xfff00000u) \
     + (KINF__CAP(hd, KINF_DEFAULT_HANDLERS, 1, 256) + KINF__IDX(ix)) * KINF_HANDLER_BYTES + 64u + KINF_GZIP_BYTES)
/* each name is a number; kinf__end pads the list */
#define KINF__SZ_kinf__end 0
#define KINF__SZ_max_objects 1
#define KINF__SZ_store_bytes 2
#define KINF__SZ_max_event_bytes 3
#define KINF__SZ_max_tokens 4
#define KINF__SZ_max_handlers 5
#define KINF__SZ_max_indexes 6
#define KINF__SZ_read_bytes 7
#define KINF__SZ_max_index_values 8
/* the value named k, as type T (the desc field's), or 0 */
#define KINF__SZ_PICK(k, T, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r) \
    ((a) == (k) ? (T)(x) : (b) == (k) ? (T)(y) : (c) == (k) ? (T)(z) : (d) == (k) ? (T)(w) : \
     (e) == (k) ? (T)(u) : (f) == (k) ? (T)(t) : (g) == (k) ? (T)(s) : (i) == (k) ? (T)(r) : (T)0)
#define KINF__SZ_ONCE(k, a, b, c, d, e, f, g, i) \
    sizeof(char[((a) == (k)) + ((b) == (k)) + ((c) == (k)) + ((d) == (k)) + ((e) == (k)) + ((f) == (k)) + ((g) == (k)) \
                + ((i) == (k)) <= 1 ? 1 : -1])
#define KINF__BYTES_FOR(n1, v1, n2, v2, n3, v3, n4, v4, n5, v5, n6, v6, n7, v7, n8, v8, n9, ...) \
    KINF__BYTES_NUM(KINF__SZ_##n1, v1, KINF__SZ_##n2, v2, KINF__SZ_##n3, v3, KINF__SZ_##n4, v4, \
                    KINF__SZ_##n5, v5, KINF__SZ_##n6, v6, KINF__SZ_##n7, v7, KINF__SZ_##n8, v8, KINF__SZ_##n9)
#define KINF__BYTES_NUM(a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r, h) \
    (KINF__BYTES(KINF__SZ_PICK(1, int, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r), \
                 KINF__SZ_PICK(2, size_t, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r), \
                 KINF__SZ_PICK(3, size_t, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r), \
                 KINF__SZ_PICK(4, int, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r), \
                 KINF__SZ_PICK(5, int, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r), \
                 KINF__SZ_PICK(6, int, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r), \
                 KINF__SZ_PICK(7, size_t, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r), \
                 KINF__SZ_PICK(8, int, a, x, b, y, c, z, d, w, e, u, f, t, g, s, i, r)) \
     + 0u * (KINF__SZ_ONCE(1, a, b, c, d, e, f, g, i) + KINF__SZ_ONCE(2, a, b, c, d, e, f, g, i) \
             + KINF__SZ_ONCE(3, a, b, c, d, e, f, g, i) + KINF__SZ_ONCE(4, a, b, c, d, e, f, g, i) \
             + KINF__SZ_ONCE(5, a, b, c, d, e, f, g, i) + KINF__SZ_ONCE(6, a, b, c, d, e, f, g, i) \
             + KINF__SZ_ONCE(7, a, b, c, d, e, f, g, i) + KINF__SZ_ONCE(8, a, b, c, d, e, f, g, i) \
             + sizeof(char[(h) == 0 ? 1 : -1])))

/* Bytes kinf_init needs for desc (defaults applied). Never blocks. SIZE_MAX
   when they do not fit in size_t (capacities that add up to 4 GiB or more in
   a 32-bit build): kinf_init refuses that desc (MEMORY_OVERFLOW). */
KINF_API size_t kinf_informer_size(const kinf_desc_t* desc);
/* Lays the informer out in mem (which must stay valid, unmoved, for the life of
   the informer). Copies every string of desc. Returns NULL if size is too small
   or desc is invalid (the reason goes to desc->logger, and kinf_check tells
   it). Does no network I/O; reads the TLS files named in desc. */
KINF_API kinf_informer_t* kinf_init(void* mem, size_t size, const kinf_desc_t* desc);
/* Why kinf_init(mem, size, desc) would refuse: runs kinf_init's own checks,
   in its order (TLS files included, decoded on the stack), with no memory
   of the informer and no logging. Returns the KINF_LOGITEM_* id of the first
   failure, 0 (KINF_LOGITEM_OK) when kinf_init would accept; writes one line
   "KINF_LOGITEM_NAME: message: detail" to why as snprintf does (cut to
   cap-1 bytes and NUL-terminated; why may be NULL when cap is 0), bytes
   outside 0x20..0x7e shown as '?'. A NULL desc is BAD_ARGUMENT; a NULL mem,
   which kinf_init also refuses, is not known here. Uses about 8 KiB of stack
   (13 KiB in a KINF_TLS_BEARSSL build). */
KINF_API uint32_t kinf_check(const kinf_desc_t* desc, size_t size, char* why, size_t cap);
#ifdef KINF_TLS_BEARSSL
/* What a PEM CA bundle (a file, or data and len) needs of the trust store:
   *cas its certificates, *anchor_bytes the bytes of their names and public
   keys; set desc.tls_max_cas and tls_anchor_bytes (or a kinf_conn_desc_t's)
   to at least these and kinf_init takes it. KINF_OK; KINF_ERR_INVAL when it
   holds no usable certificate, or a bad one, or the file cannot be read;
   KINF_ERR_NOMEM past KINF_TLS_CAS_LIMIT or KINF_TLS_ANCHOR_LIMIT. Reads the
   file in pieces, no memory beyond the stack (about 9 KiB). */
KINF_API int kinf_ca_bundle_size(const char* file, const void* data, size_t len, int* cas, size_t* anchor_bytes);
#endif
#ifndef KINF_ENGINE_ONLY
/* The system's CA bundle, as Go's crypto/x509 finds it on Linux and the
   BSDs: $SSL_CERT_FILE when set, else the first readable of
   /etc/ssl/certs/ca-certificates.crt (Debian, Ubuntu, Arch, Gentoo),
   /etc/pki/tls/certs/ca-bundle.crt (Fedora, RHEL), /etc/ssl/ca-bundle.pem
   (openSUSE), /etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem (RHEL 7+),
   /etc/ssl/cert.pem (Alpine, the BSDs, macOS). NULL when none is. */
KINF_API const char* kinf_system_ca_file(void);
#endif
/* Registers a handler (copied). After start, the new handler at once gets
   on_add for every cached object. Returns its id (an index in the table of
   desc.max_handlers), or KINF_ERR_NOMEM (HANDLERS_FULL). Outside a callback
   it takes the first slot kinf_remove_handler freed; inside one, a slot
   after the others, and the cache it is given is as its peers had it before
   the change being delivered (an object being deleted as the delete gives
   it), which then reaches it after them: each object's story once. */
KINF_API int kinf_add_handler(kinf_informer_t* inf, const kinf_handler_t* handler);
/* The same with the handler's own resync (client-go's
   AddEventHandlerWithResyncPeriod): 0, the informer's
   desc.resync_period_ms (kinf_add_handler's); > 0, every resync_period_ms
   from has-synced (or from its registration, once synced), whatever the
   informer's period; < 0, none. A resync gives the handlers it is due for
   on_update(obj, obj) for each object they have that has no change queued
   (kinf_stats: resyncs counts the rounds). */
KINF_API int kinf_add_handler_resync(kinf_informer_t* inf, const kinf_handler_t* handler, int resync_period_ms);
/* Unregisters the handler kinf_add_handler returned id for (client-go's
   RemoveEventHandler): none of its callbacks is called after this returns,
   also when it is called from a callback (the handler's own included), and
   its slot is free for the next kinf_add_handler, which may return the same
   id. The objects stay cached; the other handlers are not affected.
   KINF_OK, or KINF_ERR_INVAL (BAD_ARGUMENT) for an id that holds no
   handler (never returned, or removed already). */
KINF_API int kinf_remove_handler(kinf_informer_t* inf, int id);
/* Registers an index before the first driver call; name is copied (its first 47 bytes).
   Returns the index id for kinf_index_next, KINF_ERR_NOMEM or KINF_ERR_STATE. */
KINF_API int kinf_add_index(kinf_informer_t* inf, const char* name, kinf_index_fn fn, void* user);
/* The same for a multi-valued index function (kinf_index_values_fn): each
   object is found by each of up to desc.max_index_values values. It takes
   one of the desc.max_indexes as kinf_add_index does. */
KINF_API int kinf_add_index_values(kinf_informer_t* inf, const char* name, kinf_index_values_fn fn, void* user);
/* Inside a kinf_index_values_fn: one value of the object (NUL-terminated,
   any length; copied as needed). Returns 1 when it is indexed (or was
   already), 0 when the object has desc.max_index_values values already or
   out or value is NULL. */
KINF_API int kinf_index_emit(kinf_index_values_t* out, const char* value);
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
/* Your own loop: wait for what kinf_wants asks on kinf_fd, for at most
   kinf_timeout_ms, then kinf_poll(inf, 0); ask all three again after every
   driver call. WARNING: one kinf_poll may close the socket and open
   another, and the new one often gets the same number (a reconnect, a
   response with Connection: close). A loop that registers the descriptor
   once and re-registers only when the number changes (libuv's uv_poll_t,
   libevent's event, an epoll set) then waits on a socket that is gone, and
   hears nothing until the idle timeout (90 s). Tell the sockets apart by
   kinf_fd_generation, which changes each time the driver closes or opens
   one: when (fd, generation) differs from what you registered, drop the old
   registration and make a new one. Or set desc.on_socket and be told
   (kinf_socket_cb_t). examples/libuv.c does it for libuv. */
enum { KINF_WANT_READ = 1, KINF_WANT_WRITE = 2 };
KINF_API int kinf_fd(kinf_informer_t* inf);               /* -1 if none */
KINF_API unsigned kinf_wants(kinf_informer_t* inf);       /* KINF_WANT_* */
KINF_API int kinf_timeout_ms(kinf_informer_t* inf);       /* until the next deadline, -1 none */
KINF_API uint32_t kinf_fd_generation(kinf_informer_t* inf); /* kinf_engine_generation of its connection */
/* A public monotonic clock in milliseconds (CLOCK_MONOTONIC), the one the
   built-in driver, the workqueue's blocking calls and the factory read: the
   now_ms to give the kinf_engine_* and kinf_workqueue_* calls. */
KINF_API uint64_t kinf_now_ms(void);

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
                         (kinf_engine_refresh_token_file does it for you)
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
   kinf_engine_tick return 0) and set the last error to IN_CALLBACK. A call
   the engine did not ask for (kinf_engine_sent with no request going out,
   kinf_engine_recvd with no KINF_ENG_RECV, kinf_engine_connected with no
   KINF_ENG_CONNECT) is ignored and sets ENGINE_OUT_OF_TURN. */
enum { KINF_ENG_CONNECT = 1, KINF_ENG_SEND = 2, KINF_ENG_RECV = 4, KINF_ENG_CLOSE = 8, KINF_ENG_TOKEN = 16 };
typedef struct kinf_server_t {
    const char* host;            /* name or address, IPv6 without brackets */
    uint16_t port;
    int https;                   /* 1: the driver speaks TLS (the engine sends and reads plain HTTP) */
} kinf_server_t;
/* The engine of an informer, of a discovery (kinf_discovery_engine) or of a
   write client (kinf_client_engine): one connection, driven by the same
   calls. NULL for a NULL or foreign owner. It lives in its owner's memory. */
KINF_API kinf_engine_t* kinf_informer_engine(kinf_informer_t* inf);
KINF_API kinf_server_t kinf_engine_server(kinf_engine_t* e);
/* What the engine wants now, with no side effect (KINF_ENG_*; 0 when stopped). */
KINF_API unsigned kinf_engine_state(kinf_engine_t* e);
/* The connection's socket generation: a number the built-in driver changes
   each time it closes the connection's socket or opens a new one, so that
   an event loop tells a new socket from an old one with the same number
   (see kinf_fd). It starts at 0 and only grows (wrapping at 2^32); a
   transport of your own never changes it. 0 for a NULL or foreign engine. */
KINF_API uint32_t kinf_engine_generation(kinf_engine_t* e);
/* Begins requests, ends a backoff, times out a silent connection, takes
   bytes held back, finishes responses. Returns the state. */
KINF_API unsigned kinf_engine_tick(kinf_engine_t* e, uint64_t now_ms);
/* The time (now_ms's clock) by which kinf_engine_tick must be called again;
   UINT64_MAX for none, a time not after now when it has work now. */
KINF_API uint64_t kinf_engine_deadline(kinf_engine_t* e);
/* The request bytes still to send (valid until the next engine call). */
KINF_API const uint8_t* kinf_engine_sendbuf(kinf_engine_t* e, size_t* len);
KINF_API void kinf_engine_sent(kinf_engine_t* e, size_t n, uint64_t now_ms);
/* Where to put the next bytes read, and how many fit; NULL and 0 when the
   engine wants none now. kinf_engine_recvd(n) hands in the n bytes put there. */
KINF_API uint8_t* kinf_engine_recvbuf(kinf_engine_t* e, size_t* cap);
KINF_API void kinf_engine_recvd(kinf_engine_t* e, size_t n, uint64_t now_ms);
KINF_API void kinf_engine_connected(kinf_engine_t* e, uint64_t now_ms);
/* The connection is closed: by the server (end of stream) or by the driver
   as KINF_ENG_CLOSE asked. */
KINF_API void kinf_engine_closed(kinf_engine_t* e, uint64_t now_ms);
/* The transport failed: item is what happened (KINF_LOGITEM_CONNECT_FAILED,
   _RESOLVE_FAILED, _CONNECT_TIMEOUT, _IO_ERROR, a TLS item), logged as an
   error with detail; 0 when the transport logged it already. The request is
   retried after a backoff, as client-go's reflector does (the write client
   ends the request with KINF_CLIENT_CONNECTION). */
KINF_API void kinf_engine_failed(kinf_engine_t* e, uint32_t item, const char* detail, uint64_t now_ms);
/* A new bearer token (NUL-terminated, copied), or NULL to keep the one held
   (a file that could not be read). KINF_OK, or KINF_ERR_INVAL (too long,
   spaces or control characters: logged, the old token is kept). */
KINF_API int kinf_engine_set_token(kinf_engine_t* e, const char* token, uint64_t now_ms);
/* Delivers an informer's queued changes to its handlers; returns how many
   keys (0 for discovery and the client, which have none). */
KINF_API int kinf_engine_dispatch(kinf_engine_t* e, uint64_t now_ms);
#ifndef KINF_ENGINE_ONLY
/* Driver helper: reads the token file (no more than KINF_MAX_TOKEN bytes)
   and hands it to kinf_engine_set_token. Blocks on the file read only. */
KINF_API int kinf_engine_refresh_token_file(kinf_engine_t* e, uint64_t now_ms);
#endif

KINF_API int kinf_has_synced(kinf_informer_t* inf);
KINF_API int kinf_count(kinf_informer_t* inf);
KINF_API int kinf_get(kinf_informer_t* inf, const char* key, kinf_object_t* out);
/* Freshness. The cache is confirmed current by each watch event or bookmark
   and by a list's end (a watch-list's end bookmark included), as the server
   sends them; a snapshot loaded is not, until the watch from it has one.
   kinf_fresh: 1 when the last confirmation is at most max_age_ms old, by the
   driver's clock (kinf_poll's, or the last now_ms given to the engine); 0
   when it is older or never happened, and the last error is DATA_STALE.
   kinf_get_fresh: kinf_get, answered only from a cache that fresh (0 and
   DATA_STALE otherwise). An agent acting on safety state tells fresh from
   stale with it; kinf_stats().fresh_age_ms is the age itself. */
KINF_API int kinf_fresh(kinf_informer_t* inf, uint64_t max_age_ms);
KINF_API int kinf_get_fresh(kinf_informer_t* inf, const char* key, uint64_t max_age_ms, kinf_object_t* out);
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
/* 1 if the object has the field (an empty string, {}, [] or null included),
   0 if not: what tells a missing field from an empty one. */
KINF_API int kinf_field_has(const kinf_object_t* obj, const char* path);
/* Copies the field as text, as kinf_value_str does, and returns what it
   returns: the full length, 0 for an empty field and for a missing one
   (kinf_field_has tells them apart). buf may be NULL when cap is 0. */
KINF_API size_t kinf_field_str(const kinf_object_t* obj, const char* path, char* buf, size_t cap);
/* Copies a value as text into buf as snprintf does: at most cap-1 bytes and
   a NUL (nothing when cap is 0, and buf may then be NULL), and returns the
   length of the whole text, so a result >= cap says it was cut. The cut
   falls between characters: a UTF-8 sequence is written whole or not at
   all. A string is unescaped in full (\uXXXX as UTF-8, surrogate pairs as
   one character, a lone surrogate or a malformed escape as U+FFFD, \u0000
   as a NUL byte); any other value is its JSON text. KINF_VNONE or a NULL v
   gives 0 and an empty buf. */
KINF_API size_t kinf_value_str(const kinf_value_t* v, char* buf, size_t cap);
/* Starts an iteration over the members of the object, or the elements of
   the array, at path ("" is the whole object). Returns 1, or 0 when the path
   is missing or is not an object or array (it then yields nothing).
   Iterating "metadata" also yields name, namespace, uid and resourceVersion
   from the object's fields when the projected JSON lacks them (after the
   JSON's members), so it returns 1 for every object. */
KINF_API int kinf_members(const kinf_object_t* obj, const char* path, kinf_members_t* it);
/* The same from a value (a member of another iteration, kinf_field's out):
   1 for an object or array, 0 for any other value. */
KINF_API int kinf_members_of(const kinf_value_t* v, kinf_members_t* it);
/* The next member, in the order of the JSON: key is its name (KINF_VSTRING,
   raw as kinf_value_t says; KINF_VNONE for an array element, whose position
   is it->index), val its value (a nested object or array as its JSON text,
   to iterate further with kinf_members_of). Either may be NULL. Returns 1,
   or 0 at the end (then key and val are KINF_VNONE). */
KINF_API int kinf_member_next(kinf_members_t* it, kinf_value_t* key, kinf_value_t* val);
#ifndef KINF_NO_JSONPATCH
/* An RFC 6902 JSON Patch that turns the JSON value `from` into `to`: a JSON
   array of "add", "remove" and "replace" operations, written compact into
   out (cap bytes, NUL-terminated) and its length into *len (without the
   NUL; may be NULL). Object members are compared by key: a member only in
   from is removed, one only in to is added, one in both is diffed (objects
   and arrays member by member, any other value replaced when its text
   differs). Arrays are diffed by index: the common prefix element by
   element, then the surplus of from removed at the tail (one "remove" of
   index len(to) each), or to's extra elements added at the tail (explicit
   indexes). Paths are JSON Pointers (RFC 6901: "~" as "~0", "/" as "~1"),
   "" for the whole value. Applied to from, the patch gives a value equal
   to to (same members and elements; member order as a JSON Patch applier
   makes it). Values are compared and copied as their JSON text: the two
   should come from one serialiser (an API server's compact JSON), else an
   equal value written differently is replaced, which is still correct.
   No memory of its own: about 4 KiB of stack and 0.3 KiB per nesting
   level. Returns KINF_OK;
   KINF_ERR_NOMEM when the patch needs more than cap bytes (*len says how
   many, out is "") or a path is longer than KINF_JSONPATCH_PATH bytes (*len
   0); KINF_ERR_INVAL when an argument is NULL, a plain value (the identity
   fields kinf_members adds), or not JSON where the walk goes (the brackets,
   commas and colons of every container it enters, every value the patch
   copies; text equal in both is compared, not checked). Nesting deeper
   than KINF_MAX_DEPTH is replaced whole, never refused. Compiled out by
   KINF_NO_JSONPATCH. */
KINF_API int kinf_json_patch(const kinf_value_t* from, const kinf_value_t* to, char* out, size_t cap, size_t* len);
#endif
/* Label and field selectors, read as the API server reads them, matched
   against an object. A plain variable of the caller's (about 2.5 KiB):
   nothing to release.
   kinf_selector_parse: label_selector ("app=web,tier!=db", "env in (a,b)",
   "env notin (c)", "gpu", "!gpu", "size>3", "size<9") and field_selector
   ("spec.nodeName=n1,status.phase!=Failed", with \\ \, \= escapes), either
   NULL or "" for none, into sel. KINF_OK; KINF_ERR_INVAL when one is
   malformed, or KINF_ERR_NOMEM beyond KINF_SELECTOR_TERMS terms or
   KINF_SELECTOR_BYTES of keys and values, with the reason in why (cap
   bytes, may be NULL).
   kinf_selector_match: 1 when obj matches every term (an empty selector
   matches everything), else 0. A label term reads metadata.labels; a field
   term the field's text (a field the object lacks reads as "", as the API
   server's field sets have it).
   kinf_selector_unkept: 1, with the path written into path (cap bytes),
   when a term reads a path the informer's projection does not keep (so it
   could not be judged from its cache), else 0.
   An informer reads its desc's label_selector and field_selector with
   kinf_selector_parse (kinf_init refuses one that is malformed:
   CONFIG_BAD_SELECTOR) and refuses any object the server sends that does
   not match them (OBJECT_OUT_OF_SCOPE): it keeps the paths its selectors
   read, added to desc.keep when that keeps less than the whole object.
   KINF_NO_SELECTOR compiles them out: the selectors go to the server, and
   what it sends is cached unjudged. */
#ifndef KINF_NO_SELECTOR
#ifndef KINF_SELECTOR_BYTES
#define KINF_SELECTOR_BYTES 2048
#endif
#define KINF_SELECTOR_TERMS 32
typedef struct kinf_selector_t {
    uint16_t nterms, used;
    uint32_t skip;                /* private: bit i, term i not judged (its path not kept) */
    struct { uint8_t op, nval; uint16_t key, klen, val, vlen; } term[KINF_SELECTOR_TERMS];
    char text[KINF_SELECTOR_BYTES];
} kinf_selector_t;
KINF_API int kinf_selector_parse(kinf_selector_t* sel, const char* label_selector, const char* field_selector, char* why, size_t cap);
KINF_API int kinf_selector_match(const kinf_selector_t* sel, const kinf_object_t* obj);
KINF_API int kinf_selector_empty(const kinf_selector_t* sel);
KINF_API int kinf_selector_unkept(const kinf_selector_t* sel, kinf_informer_t* inf, char* path, size_t cap);
#endif
KINF_API kinf_stats_t kinf_stats(kinf_informer_t* inf);
KINF_API const char* kinf_resource_version(kinf_informer_t* inf);
KINF_API uint32_t kinf_last_error(kinf_informer_t* inf);
KINF_API void kinf_clear_error(kinf_informer_t* inf);
KINF_API const char* kinf_log_item_name(uint32_t item);
/* The version of the implementation, "MAJOR.MINOR.PATCH" (KINF_VERSION of the
   kinformer.h that file included), a static string; any thread, any time. */
KINF_API const char* kinf_version(void);
/* A ready logger (desc.logger.func = kinf_log_stderr): one line per item on
   stderr, "tag: level NAME: message" (level: error, warning or info),
   written with one write(2) so that lines of informers on other threads do
   not mix. Bytes outside 0x20..0x7e are shown as '?'; the text is cut at
   511 bytes. desc.logger.user NULL prints every item; or it points to a
   uint32_t holding the least urgent level to print (KINF_LOG_WARN: errors
   and warnings). Under KINF_NO_LOG_STRINGS the message is the detail alone. */
#ifndef KINF_ENGINE_ONLY /* it writes to fd 2 */
KINF_API void kinf_log_stderr(const char* tag, uint32_t level, uint32_t item, const char* message,
                              uint32_t line, const char* file, void* user);
#endif
/* 1 for an error that retrying the same request cannot fix: the server said
   the request itself is wrong (BAD_REQUEST: a 400, such as a field selector
   it does not support or a namespace on a cluster-scoped resource;
   NOT_FOUND: a 404, no such resource; and, from discovery and the factory,
   UNKNOWN_RESOURCE, CLUSTER_SCOPED, NOT_WATCHABLE). The informer keeps retrying with
   backoff, as client-go's reflector does; a tool exits on it, as kubectl
   does (kwatch exits 1 before its first sync). 401, 403, 429, 5xx and
   connection failures are 0: they can pass. */
KINF_API int kinf_log_item_is_final(uint32_t item);

/* The persisted cache (docs/snapshot.md): the store written to a snapshot
   and read back at start, so that a restart serves its objects at once and
   watches on from the saved resourceVersion instead of listing again.
   The engine's calls stream the bytes through the caller's functions; the
   driver's (_file, _autosave) read and write a file. Compiled out by
   KINF_NO_SNAPSHOT.
   A write function takes len bytes (a piece of the snapshot, in order) and
   returns 0, or nonzero to give the write up. A read function puts up to
   cap bytes into buf and returns how many, 0 at the end, negative for an
   error. */
enum { KINF_OBJ_FROM_SNAPSHOT = 2 }; /* kinf_object_t.flags: this version was read from a snapshot */
typedef int (*kinf_snapshot_write_fn)(const void* data, size_t len, void* user);
typedef long (*kinf_snapshot_read_fn)(void* buf, size_t cap, void* user);
#ifndef KINF_NO_SNAPSHOT
/* Writes the store as it is now: the objects the lister returns (as kept:
   projected, identity-only ones as such), their resourceVersions, the last
   resourceVersion, and what the informer was made for (server, resource
   path and namespace, selectors, projection, this machine's byte order and
   word size). unix_ms is the wall-clock time to record (the "stale since"
   of whoever loads it). Index definitions are not written: they are the
   caller's, and rebuilt at load. KINF_OK and the snapshot no longer dirty;
   KINF_ERR_STATE before a first list has completed (nothing to resume
   from); KINF_ERR_IO when fn gave up (SNAPSHOT_WRITE_FAILED). */
KINF_API int kinf_snapshot_write(kinf_informer_t* inf, uint64_t unix_ms, kinf_snapshot_write_fn fn, void* user);
/* The bytes kinf_snapshot_write would write now (0 when it would refuse). */
KINF_API size_t kinf_snapshot_size(kinf_informer_t* inf);
/* Reads a snapshot into the empty store, before the first driver or engine
   call (and after kinf_add_index: indexes are rebuilt as objects go in).
   Every object is queued as an add with KINF_OBJ_FROM_SNAPSHOT, the lister
   answers at once, kinf_has_synced is 1 once those adds are delivered, and
   kinf_snapshot_stale reports stale data until the watch from the saved
   resourceVersion is accepted (or a relist completes). The first request
   is that watch: no LIST while the server still has that history; a 410
   relists as usual (updates for changed resourceVersions, final-state-unknown
   deletes for keys gone). KINF_OK; KINF_ERR_INVAL for a snapshot refused
   (SNAPSHOT_TRUNCATED, _CORRUPT, _FOREIGN, _TOO_LARGE logged) or one read_fn
   failed on (SNAPSHOT_UNREADABLE): nothing of it stays, and the informer
   lists as if there had been none; KINF_ERR_STATE after the start or with
   objects already stored. */
KINF_API int kinf_snapshot_load(kinf_informer_t* inf, kinf_snapshot_read_fn fn, void* user);
/* The same from len bytes at data (a snapshot in memory, or mapped: flash,
   a file), read where they are: the objects go from there into the store
   with no copy on the way, and data is not kept after the call. The bytes
   must not change during the call (each is read more than once: hashed,
   checked, copied). KINF_ERR_INVAL and BAD_ARGUMENT for a NULL data with
   len above 0. */
KINF_API int kinf_snapshot_load_mem(kinf_informer_t* inf, const void* data, size_t len);
/* 1 while the informer serves objects from a snapshot it has not resumed
   from yet (*since_unix_ms, if not NULL, is the snapshot's write time), else 0. */
KINF_API int kinf_snapshot_stale(kinf_informer_t* inf, uint64_t* since_unix_ms);
/* 1 when the store changed since the last snapshot written or loaded
   (*since_ms, if not NULL: the engine time of the first such change), else 0. */
KINF_API int kinf_snapshot_dirty(kinf_informer_t* inf, uint64_t* since_ms);
/* The driver's file helpers. _load_file: kinf_snapshot_load from path,
   then the changes of path.journal replayed when it follows that image (a
   journal of another image, or a torn header, is ignored:
   SNAPSHOT_JOURNAL_FOREIGN; a torn record ends it: SNAPSHOT_JOURNAL_TORN,
   the records before it kept); KINF_ERR_IO when there is no such file (not
   logged) or it cannot be read.
   _save_file: the changes since the last save appended to path.journal
   (O_APPEND | O_NOFOLLOW, mode 0600, fsync'd), or, when this informer has
   no image of its own at path yet or the journal would outgrow half of the
   image, a new image written atomically (path.tmp, fsync, rename over path,
   fsync of the directory) and the journal removed, so a crash leaves the
   previous snapshot whole; what is at path.tmp is removed, not followed,
   and path.tmp created anew (O_EXCL, mode 0600), so path is a regular file
   of mode 0600; KINF_ERR_IO when a step of the image fails
   (SNAPSHOT_WRITE_FAILED, or SNAPSHOT_TEMP_EXISTS when path.tmp cannot be
   removed), logged once per run of failures at one step (a failed append
   is followed by an image at once).
   _autosave: the write policy for flash: writes only when dirty, and at
   most every interval_s seconds (of the engine's clock) unless final is 1
   (at stop); after a failed save it waits the interval (1 s when 0), then
   2, 4 and 8 times it (at most 10 min, or the interval if longer) until a
   save works; returns 1 written, 0 nothing due, or a negative result. */
#ifndef KINF_ENGINE_ONLY /* files: the driver's part */
KINF_API int kinf_snapshot_load_file(kinf_informer_t* inf, const char* path);
KINF_API int kinf_snapshot_save_file(kinf_informer_t* inf, const char* path);
KINF_API int kinf_snapshot_autosave(kinf_informer_t* inf, const char* path, int interval_s, int final);
#endif
#endif

/* Reads a kubeconfig, YAML or JSON (as kubectl config view -o json writes
   it): path, or NULL for the first file of $KUBECONFIG, else
   ~/.kube/config; context, or NULL for current-context. work holds the file
   and the decoded *-data fields. Returns KINF_OK, or an error with
   cfg->error / cfg->error_detail set: KINF_ERR_NOMEM when work is too small,
   KUBECONFIG_YAML with the line, column and reason where the file cannot be
   read. Does not follow exec or auth-provider plugins: they are an error
   naming the field. Blocks on the file read only. */
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

/* Discovery: which resources the server has, as kubectl finds them. A round
   reads /api and /apis in the aggregated form (one APIGroupDiscoveryList
   each) when the server offers it, else the legacy documents: APIVersions,
   APIGroupList, then one APIResourceList per group version, the preferred
   version first. The results live in fixed memory: one entry per group and
   plural (from the preferred version that serves it), subresources left
   out. A new round is built beside the last one, which answers lookups
   until the new one is complete. Like the informer, discovery owns one
   connection (kinf_discovery_engine: the kinf_engine_* calls, requests out,
   bytes in) with the built-in driver on top (kinf_discovery_poll / _run),
   which uses a socket (and TLS) of its own. */
enum { KINF_VERB_GET = 1, KINF_VERB_LIST = 2, KINF_VERB_WATCH = 4, KINF_VERB_CREATE = 8, KINF_VERB_UPDATE = 16,
       KINF_VERB_PATCH = 32, KINF_VERB_DELETE = 64, KINF_VERB_DELETECOLLECTION = 128 };
/* One resource. The strings belong to the discovery (or the factory) and stay
   valid until its next round completes (kinf_discovery_rounds changes). */
typedef struct kinf_resource_t {
    const char* name;            /* the plural, group-qualified outside the core group: "pods", "deployments.apps" */
    const char* group;           /* "" for the core group */
    const char* version;         /* "v1" */
    const char* plural;          /* "deployments" */
    const char* singular;        /* "deployment" ("" when the server gives none) */
    const char* kind;            /* "Deployment" */
    const char* short_names;     /* comma-separated: "deploy" ("" for none) */
    int namespaced;              /* 0: cluster-scoped */
    unsigned verbs;              /* KINF_VERB_* */
} kinf_resource_t;
typedef struct kinf_discovery_t kinf_discovery_t; /* opaque, lives in caller memory */
typedef struct kinf_discovery_desc_t {
    /* server, credentials, TLS, logger, tag, timeouts, own_transport, random_seed:
       read as kinf_init reads them; resource, selectors, keep and capacities are not read */
    const kinf_desc_t* conn;
    const kinf_conn_desc_t* connection; /* not NULL: the connection from here instead (conn is not read) */
    int max_resources;           /* resources kept; default 256 */
    size_t names_bytes;          /* bytes of their names; default 64 per resource */
    int max_group_versions;      /* legacy form: group versions to read per round; default 128 */
    size_t doc_bytes;            /* the largest legacy document, or group of the aggregated one; default 64 KiB */
    int legacy_only;             /* 1: never ask for the aggregated form */
} kinf_discovery_desc_t;
typedef struct kinf_discovery_stats_t {
    uint64_t rounds, failures, requests, skipped_groups;
    uint64_t left_out;           /* resources the last round left out (each version read counts), or group
                                    versions: over max_resources, names_bytes or max_group_versions */
    uint64_t bytes_read, bytes_written;
    uint32_t resources, max_resources;
    size_t names_used, names_capacity, doc_peak, doc_capacity;
    int aggregated;              /* the last round read the aggregated form */
    size_t mem_used, mem_capacity;
} kinf_discovery_stats_t;
enum { KINF_DISC_NONE = 0, KINF_DISC_RUNNING = 1, KINF_DISC_DONE = 2, KINF_DISC_BACKOFF = 3 };

#ifndef KINF_NO_FACTORY
/* Bytes kinf_discovery_init needs (defaults applied). */
KINF_API size_t kinf_discovery_size(const kinf_discovery_desc_t* desc);
/* Lays the discovery out in mem (valid and unmoved for its life); copies
   every string of desc->conn (TLS files are read here, as kinf_init does).
   NULL when size is too small or conn is invalid (logged). Does no I/O: the
   first round starts at the first poll or tick. */
KINF_API kinf_discovery_t* kinf_discovery_init(void* mem, size_t size, const kinf_discovery_desc_t* desc);
/* Asks for a new round (no I/O); one under way or waiting out a backoff
   goes on as it is. KINF_OK. */
KINF_API int kinf_discovery_refresh(kinf_discovery_t* d);
/* KINF_DISC_*: NONE before the first round is asked for, RUNNING, DONE
   (the last round completed), BACKOFF (the last round failed: retrying). */
KINF_API int kinf_discovery_state(kinf_discovery_t* d);
/* Rounds completed: 0 until the first one, when nothing resolves. */
KINF_API uint64_t kinf_discovery_rounds(kinf_discovery_t* d);
/* The built-in driver: one step (as kinf_poll), and a blocking round: runs
   until a round started now completes (KINF_OK), fails (KINF_ERR_IO, the
   reason logged: the driver keeps retrying at later polls), or timeout_ms
   passes (KINF_ERR_STATE; -1 waits without a bound). KINF_ERR_STATE with
   own_transport. */
KINF_API int kinf_discovery_poll(kinf_discovery_t* d, int timeout_ms);
KINF_API int kinf_discovery_run(kinf_discovery_t* d, int timeout_ms);
KINF_API int kinf_discovery_fd(kinf_discovery_t* d);
KINF_API unsigned kinf_discovery_wants(kinf_discovery_t* d);   /* KINF_WANT_* */
KINF_API int kinf_discovery_timeout_ms(kinf_discovery_t* d);
KINF_API uint32_t kinf_discovery_fd_generation(kinf_discovery_t* d); /* as kinf_fd_generation */
/* Its engine, for a transport of your own (desc.connection->own_transport):
   the kinf_engine_* calls and driver loop of an informer. */
KINF_API kinf_engine_t* kinf_discovery_engine(kinf_discovery_t* d);
/* The resources of the last completed round: the core group first, then
   the groups in the server's order. */
KINF_API int kinf_discovery_count(kinf_discovery_t* d);
KINF_API int kinf_discovery_at(kinf_discovery_t* d, int i, kinf_resource_t* out);
/* Resolves a name as kubectl does, case-insensitively: a plural ("pods"),
   singular ("pod"), short name ("po") or Kind ("Pod"), the first match in
   that order of kinds and in discovery order (so "events" is the core
   group's); "NAME.GROUP" ("deployments.apps", "widgets.example.com") and
   "NAME.VERSION.GROUP" in that group only; or an API path
   ("/api/v1/pods", "/apis/apps/v1/deployments"), which names its version.
   KINF_OK and *out filled (for a version the name gives, out->version is
   valid until the next resolve); KINF_ERR_INVAL for a name the server does
   not have (UNKNOWN_RESOURCE is logged); KINF_ERR_STATE before the first
   round (NOT_DISCOVERED). */
KINF_API int kinf_discovery_resolve(kinf_discovery_t* d, const char* name, kinf_resource_t* out);
KINF_API kinf_discovery_stats_t kinf_discovery_stats(kinf_discovery_t* d);
/* Closes its connection. Results stay readable. */
KINF_API void kinf_discovery_shutdown(kinf_discovery_t* d);
#endif

/* The shared informer factory: a set of informers in one memory block, one
   per (resource, namespace, selectors), shared by every consumer that asks
   for the same, started, polled, waited on and stopped together, with the
   discovery that resolves their names (client-go's SharedInformerFactory and
   DynamicSharedInformerFactory). Every informer gets a share of the block,
   sized from desc.base's capacities, or from a row of desc.caps for its
   resource; each has its own connection, as every watch needs one over
   HTTP/1.1. See docs/factory.md. */
typedef struct kinf_factory_t kinf_factory_t; /* opaque, lives in caller memory */
/* Capacities of its own for one informer of a resource (one row of
   kinf_factory_desc_t.caps): 0 takes base's. A row reserves one of the
   max_informers shares, sized from these, for the first informer of its
   resource (any namespace or selectors); a second informer of the same
   resource takes another row naming it, else a share of base's size. */
typedef struct kinf_factory_caps_t {
    const char* resource;        /* any name kinf_discovery_resolve takes: "po", "configmaps", "widgets.example.com" */
    int max_objects;
    size_t store_bytes;
    size_t max_event_bytes;
    int fifo_capacity;
    size_t store_floor;          /* with a store_budget: this resource's floor (store_bytes is then its cap) */
    int objects_floor;           /* with a store_budget: the objects its tables keep (max_objects is then their cap) */
} kinf_factory_caps_t;
typedef struct kinf_factory_desc_t {
    /* connection, credentials, TLS, logger, behaviour and the capacities of
       every informer (resource, namespace, selectors and keep are not read).
       The struct is copied; the strings and data it points to must outlive
       the factory, which makes informers from it as they are asked for. */
    const kinf_desc_t* base;
    int max_informers;           /* default 8, at most 1024 */
    kinf_discovery_desc_t discovery; /* its capacities; its conn is base */
    int rediscover_ms;           /* with kinf_factory_all: discovery again this often, to pick up new
                                    resources (default 30000; negative: only on a 404 or when asked) */
    /* per-resource capacities: caps_count rows (at most 1024), each reserving
       one of the max_informers shares (max_informers is raised to caps_count
       when lower); the resources without a row get base's. The table and its
       strings must outlive the factory. */
    const kinf_factory_caps_t* caps;
    int caps_count;
    /* One store budget for every informer (docs/factory.md "One budget"):
       0, each share holds its informer's store (base's or its row's
       store_bytes) and its tables for max_objects. Else the shares keep
       only their fixed parts, and the informers' stores and per-object
       tables (slots, key hash, index links) lie back to back in
       store_budget bytes of the block: a store or tables that fill take
       more of it, in steps, moving those after them (an object's pointers
       are then valid until the next poll of any of the factory's informers
       or kinf_factory_informer); max_objects is the tables' cap. When the
       budget is used up, the unused bytes of the others are given back
       first, and an informer still short logs STORE_BUDGET_FULL (then
       STORE_FULL, or STORE_SLOTS_FULL for a new key) while the others
       carry on. */
    size_t store_budget;
    size_t store_floor;          /* bytes every store keeps, whatever the others need (default 0; a row's store_floor wins) */
    size_t store_cap;            /* most bytes one store takes (default 0: no cap but the budget; a row's store_bytes wins) */
    int objects_floor;           /* the objects every informer's tables keep whatever the others need (default 0:
                                    64, or max_objects where lower; at most max_objects; a row's objects_floor wins) */
} kinf_factory_desc_t;
/* What a consumer asks for. Two requests with the same resource (however
   named), namespace and selectors get the same informer. */
typedef struct kinf_informer_req_t {
    const char* resource;        /* any name kinf_discovery_resolve takes: "po", "deployments.apps", "/api/v1/pods" */
    const char* namespace_;      /* NULL or "": all namespaces; an error for a cluster-scoped resource */
    const char* label_selector;
    const char* field_selector;
    const char* const* keep;     /* the paths this consumer reads; keep_count 0: the whole object */
    int keep_count;
} kinf_informer_req_t;
/* wants: KINF_WANT_*; generation: kinf_engine_generation of the fd's
   connection (the same fd with another generation is another socket) */
typedef struct kinf_fd_t { int fd; unsigned wants; uint32_t generation; } kinf_fd_t;
typedef struct kinf_factory_stats_t {
    int informers, max_informers; /* informers made (gone ones included), and the cap */
    int synced, gone;            /* of those: synced, and whose resource left discovery */
    size_t informer_bytes;       /* a share of base's capacities (a row's informer: kinf_stats(inf).mem_capacity) */
    size_t fixed_bytes;          /* the factory's own part: context, slots, poll set, discovery */
    size_t mem_used, mem_capacity; /* the block: fixed_bytes + the shares taken, and its size */
    size_t store_used;           /* bytes of objects over all informers */
    uint64_t rediscoveries;      /* discovery rounds the factory asked for (404s, rediscover_ms) */
    size_t store_budget;         /* desc.store_budget (0: none) */
    size_t store_granted;        /* of it, the bytes the informers hold now: their stores and their per-object tables */
    int budget_full;             /* informers the budget refused more bytes or objects since their last growth */
    uint64_t store_moves;        /* stores moved to make room for another's growth */
    int objects_granted;         /* with a store budget: the objects the informers' tables hold now (each at most its max_objects) */
    size_t tables_granted;       /* of store_granted, the bytes of those tables */
} kinf_factory_stats_t;

#ifndef KINF_NO_FACTORY
/* Bytes kinf_factory_init needs: a share per caps row of its capacities, the
   other max_informers - caps_count of base's, and the discovery. 0 for a
   NULL or invalid desc (caps_count over 1024, a row without a resource),
   SIZE_MAX when the sum does not fit a size_t. */
KINF_API size_t kinf_factory_size(const kinf_factory_desc_t* desc);
/* Lays the factory out in mem (valid, unmoved, for its life); NULL when size
   is too small or base is invalid (logged). Does no I/O. */
KINF_API kinf_factory_t* kinf_factory_init(void* mem, size_t size, const kinf_factory_desc_t* desc);
KINF_API kinf_discovery_t* kinf_factory_discovery(kinf_factory_t* f);
/* A discovery round with the built-in driver, blocking (kinf_discovery_run). */
KINF_API int kinf_factory_discover(kinf_factory_t* f, int timeout_ms);
/* The shared informer for req: made at the first request, the same one
   afterwards. Consumers add handlers (and, before start, indexes) to it.
   Before it starts the kept paths are the union of every request's (a
   request for the whole object keeps it whole); once it has started, a
   request for a path it does not keep is refused (FACTORY_NOT_KEPT). NULL,
   logged, for an unknown resource (UNKNOWN_RESOURCE, NOT_DISCOVERED), a
   namespace on a cluster-scoped one (CLUSTER_SCOPED), one without list and
   watch (NOT_WATCHABLE), a full factory (FACTORY_FULL) or a bad request
   (as kinf_init); kinf_factory_why says which, logger or not. Does no
   I/O; its informer starts at the next poll once the factory has started. */
KINF_API kinf_informer_t* kinf_factory_informer(kinf_factory_t* f, const kinf_informer_req_t* req);
/* Why the last kinf_factory_informer (or kinf_factory_all) call refused:
   the KINF_LOGITEM_* id of its first refusal, 0 (KINF_LOGITEM_OK) when it
   refused nothing; one line "KINF_LOGITEM_NAME: message: detail" into why,
   as kinf_check writes it (cut to cap-1 bytes, NUL-terminated; "" for
   none; why may be NULL when cap is 0). A NULL or foreign f is
   BAD_ARGUMENT. */
KINF_API uint32_t kinf_factory_why(kinf_factory_t* f, char* why, size_t cap);
/* The same for a resource already known (a kinf_resource_t of an earlier
   discovery, kept: a start with the API server away); req->resource is not
   read. Its strings are copied. */
KINF_API kinf_informer_t* kinf_factory_informer_of(kinf_factory_t* f, const kinf_resource_t* r, const kinf_informer_req_t* req);
/* An informer for every resource discovery has that can be listed and
   watched (namespaced ones only when tmpl->namespace_ is set), with tmpl's
   namespace, selectors and keep (tmpl->resource is not read; tmpl and what it
   points to must outlive the factory). After every later discovery round,
   new resources get theirs too (a CRD created while running). Returns how
   many informers were made now, or a negative result. */
KINF_API int kinf_factory_all(kinf_factory_t* f, const kinf_informer_req_t* tmpl);
/* Starts every informer (and those made later) at the next poll. */
KINF_API int kinf_factory_start(kinf_factory_t* f);
/* One step for all: waits at most timeout_ms (0: not at all, -1: until
   something is due) for any informer's or the discovery's socket or timer,
   does the I/O that is ready and delivers queued changes (kinf_poll for
   each), then reconciles the informers with a new discovery round (new
   resources, gone ones). KINF_OK; KINF_ERR_INVAL for a bad pointer. With
   base->own_transport it does no I/O: drive each informer's engine
   (kinf_factory_at) and the discovery's yourself; the call reconciles. */
KINF_API int kinf_factory_poll(kinf_factory_t* f, int timeout_ms);
/* For your own poll/epoll loop: up to cap descriptors with the events they
   wait for (returns how many), and the time until the next deadline (-1
   none); wait for them, then call kinf_factory_poll(f, 0). A registration
   is for an (fd, generation): see the warning at kinf_fd. */
KINF_API int kinf_factory_fds(kinf_factory_t* f, kinf_fd_t* out, int cap);
KINF_API int kinf_factory_timeout_ms(kinf_factory_t* f);
/* 1 when every informer (gone ones aside) has synced. */
KINF_API int kinf_factory_has_synced(kinf_factory_t* f);
/* Polls until every informer has synced (1), or timeout_ms passes or the
   factory is stopped (0), as client-go's WaitForCacheSync. */
KINF_API int kinf_factory_wait_synced(kinf_factory_t* f, int timeout_ms);
/* Stops every informer and the discovery; async-signal-safe, final. */
KINF_API void kinf_factory_stop(kinf_factory_t* f);
KINF_API int kinf_factory_stopped(kinf_factory_t* f);
/* kinf_flush for every informer; returns the keys delivered. */
KINF_API int kinf_factory_flush(kinf_factory_t* f);
/* Closes every connection. Caches stay readable. */
KINF_API void kinf_factory_shutdown(kinf_factory_t* f);
/* The informers by index, 0 to kinf_factory_count() - 1, in the order they
   were made: NULL for one whose resource left discovery (it is not polled,
   and comes back with its resource). An informer keeps its index and its
   memory for the factory's life. */
KINF_API int kinf_factory_count(kinf_factory_t* f);
KINF_API kinf_informer_t* kinf_factory_at(kinf_factory_t* f, int i);
/* The resource of one of the factory's informers (strings valid for the
   factory's life). KINF_OK, or KINF_ERR_INVAL when inf is not one of them. */
KINF_API int kinf_factory_resource(kinf_factory_t* f, const kinf_informer_t* inf, kinf_resource_t* out);
KINF_API kinf_factory_stats_t kinf_factory_stats(kinf_factory_t* f);
#endif

/* The workqueue (client-go's util/workqueue): keys to reconcile, each handed
   to one worker at a time, deduplicated while they wait, retried after a
   rate-limited delay. Fixed memory; times are the caller's (milliseconds of
   a monotonic clock, kinf_now_ms's or its own): the queue never
   reads a clock itself except in kinf_workqueue_get_wait. An item is a key
   and a resource ("pods", or "" for none); two items are the same when both
   are. See docs/workqueue.md. */
typedef struct kinf_workqueue_t kinf_workqueue_t; /* opaque, lives in caller memory */
typedef struct kinf_workqueue_desc_t {
    int capacity;                /* items held at once (waiting, delayed, processing, or with a
                                    requeue count not yet forgotten); default 1024, at most 1<<24 */
    int item_bytes;              /* resource + key + 2 bytes, per item; default 256, 16 to 4096 */
    int base_delay_ms;           /* per-item backoff: base * 2^requeues; default 5, negative: none */
    int max_delay_ms;            /* ... capped here; default 1000000 (1000 s) */
    int bucket_qps;              /* overall token bucket: tokens a second; default 10, negative: none */
    int bucket_burst;            /* ... and its depth; default 100 */
    kinf_logger_t logger;
    const char* tag;             /* passed to the logger; default "workqueue" */
} kinf_workqueue_desc_t;
/* An item handed out by kinf_workqueue_get: the strings live in the queue
   and stay valid until kinf_workqueue_done for that item. */
typedef struct kinf_workqueue_item_t {
    const char* resource;
    const char* key;
    int requeues;                /* kinf_workqueue_num_requeues when it was got */
} kinf_workqueue_item_t;
typedef struct kinf_workqueue_stats_t {
    int depth;                   /* waiting to be got: kinf_workqueue_len */
    int delayed;                 /* waiting for their time (add_after, add_rate_limited) */
    int processing;              /* got and not done */
    int held, capacity;          /* items held (every state), and the cap */
    uint64_t adds;               /* items that became waiting (a duplicate of a waiting one is not one) */
    uint64_t deduplicated;       /* adds of an item already waiting */
    uint64_t retries;            /* add_after and add_rate_limited calls accepted */
    uint64_t refused_full;       /* adds refused because capacity items were held (WORKQUEUE_FULL) */
    uint64_t refused_shutdown;   /* adds refused after a shut down */
    uint64_t dropped_delayed;    /* delayed items dropped by the shut down */
    uint64_t gets, dones;
    uint64_t unfinished_ms;      /* sum over the items processing of the time since they were got */
    uint64_t longest_running_ms; /* the longest of those */
    size_t mem_used;             /* kinf_workqueue_size's bytes */
} kinf_workqueue_stats_t;
enum { KINF_WQ_EMPTY = 0, KINF_WQ_ITEM = 1, KINF_WQ_SHUTDOWN = 2 }; /* kinf_workqueue_get */

#ifndef KINF_NO_WORKQUEUE
/* Bytes kinf_workqueue_init needs: exact, from the capacities (defaults applied). */
KINF_API size_t kinf_workqueue_size(const kinf_workqueue_desc_t* desc);
/* Lays the queue out in mem (valid, unmoved, for its life; aligned as
   malloc's); NULL when size is too small (MEMORY_TOO_SMALL, logged) or an
   argument is NULL. Out-of-range values are clamped (CONFIG_CLAMPED). With
   KINF_WORKQUEUE_THREADS it makes a mutex and two condition variables that
   kinf_workqueue_destroy releases; otherwise there is nothing to release. */
KINF_API kinf_workqueue_t* kinf_workqueue_init(void* mem, size_t size, const kinf_workqueue_desc_t* desc);
KINF_API void kinf_workqueue_destroy(kinf_workqueue_t* q);
/* Add: the item waits to be got, unless it waits already (deduplicated); one
   that is processing is queued again when it is done, never handed to two
   workers at once. KINF_OK; KINF_ERR_NOMEM when capacity items are held and
   this one is not (nothing changes, counted in refused_full, WORKQUEUE_FULL
   logged at the first refusal after an accepted add): the caller keeps the
   key and adds it later, or resyncs; KINF_ERR_STATE after a shut down;
   KINF_ERR_INVAL for a NULL or empty key, or resource + key longer than
   item_bytes - 2 (WORKQUEUE_KEY_TOO_LONG). resource may be NULL (""). */
KINF_API int kinf_workqueue_add(kinf_workqueue_t* q, const char* resource, const char* key);
/* The item is added at now_ms + delay_ms (at once for delay_ms <= 0). One
   already delayed keeps the earlier of its two times. Items due at the same
   time are added in the order they were delayed. Results as _add. */
KINF_API int kinf_workqueue_add_after(kinf_workqueue_t* q, const char* resource, const char* key,
                                      int64_t delay_ms, uint64_t now_ms);
/* add_after with the rate limiter's delay: the larger of the item's backoff
   (base_delay_ms * 2^requeues, at most max_delay_ms; requeues then grows by
   one) and the token bucket's (every call takes a token, so after a burst of
   bucket_burst the calls are 1000 / bucket_qps ms apart), as client-go's
   DefaultControllerRateLimiter. Results as _add (a refused call changes no
   count and takes no token). */
KINF_API int kinf_workqueue_add_rate_limited(kinf_workqueue_t* q, const char* resource, const char* key,
                                             uint64_t now_ms);
/* Forget: the item's requeue count back to 0 (its next backoff is base_delay_ms). */
KINF_API void kinf_workqueue_forget(kinf_workqueue_t* q, const char* resource, const char* key);
KINF_API int kinf_workqueue_num_requeues(kinf_workqueue_t* q, const char* resource, const char* key);
/* Items waiting to be got (delayed ones not yet due are not counted). */
KINF_API int kinf_workqueue_len(kinf_workqueue_t* q);
/* Moves the delayed items due at now_ms to the waiting ones; returns how many. */
KINF_API int kinf_workqueue_tick(kinf_workqueue_t* q, uint64_t now_ms);
/* The next delayed item's time (UINT64_MAX: none), and for a poll loop the
   milliseconds until it from now_ms: 0 when an item can be got now, -1 when
   nothing is waiting or delayed. Wait for min(kinf_timeout_ms(inf), this). */
KINF_API uint64_t kinf_workqueue_deadline(kinf_workqueue_t* q);
KINF_API int kinf_workqueue_timeout_ms(kinf_workqueue_t* q, uint64_t now_ms);
/* Get, without blocking: ticks to now_ms, then hands out the oldest waiting
   item (KINF_WQ_ITEM, *out filled; it is processing until done), or returns
   KINF_WQ_EMPTY, or KINF_WQ_SHUTDOWN once the queue is shut down and no item
   waits (the worker should stop). A negative result for a bad argument. */
KINF_API int kinf_workqueue_get(kinf_workqueue_t* q, uint64_t now_ms, kinf_workqueue_item_t* out);
/* Done: the item is no longer processing; if it was added meanwhile it waits
   again. KINF_OK, or KINF_ERR_INVAL for an item that is not processing. */
KINF_API int kinf_workqueue_done(kinf_workqueue_t* q, const char* resource, const char* key, uint64_t now_ms);
/* Shut down: adds are refused from now on, delayed items are dropped (as
   client-go's delaying queue does; counted in stats.dropped_delayed), waiting ones
   are still handed out, then get returns KINF_WQ_SHUTDOWN. Wakes every
   worker blocked in kinf_workqueue_get_wait. */
KINF_API void kinf_workqueue_shut_down(kinf_workqueue_t* q);
/* Shut down, then wait up to timeout_ms (-1: no bound) until no item is
   processing; returns how many still are (0: drained). Without
   KINF_WORKQUEUE_THREADS it cannot wait (only the caller's thread calls
   done): it returns the count at once; call kinf_workqueue_processing after
   each done. */
KINF_API int kinf_workqueue_shut_down_with_drain(kinf_workqueue_t* q, int timeout_ms);
KINF_API int kinf_workqueue_shutting_down(kinf_workqueue_t* q);
KINF_API int kinf_workqueue_processing(kinf_workqueue_t* q);
KINF_API kinf_workqueue_stats_t kinf_workqueue_stats(kinf_workqueue_t* q, uint64_t now_ms);
/* kinf_now_ms, under its older name: the monotonic clock kinf_poll's
   driver uses, in ms (a "now" to pass in). */
KINF_API uint64_t kinf_workqueue_now_ms(void);
/* Get, blocking up to timeout_ms (-1: no bound) on that clock: returns as
   kinf_workqueue_get (KINF_WQ_EMPTY on the timeout). With
   KINF_WORKQUEUE_THREADS it sleeps on a condition variable that adds, due
   items and a shut down wake; without, it sleeps until the next delayed
   item is due or the timeout, whichever is first (nothing else can add). */
KINF_API int kinf_workqueue_get_wait(kinf_workqueue_t* q, int timeout_ms, kinf_workqueue_item_t* out);
#endif

/* The write client (docs/client.md): one request at a time to the API
   server -- get, create, update, merge or JSON patch, server-side apply,
   delete with preconditions, each also on the status subresource where it applies -- as
   client-go's dynamic client does, in fixed memory. It takes the
   informer's connection settings (a kinf_conn_desc_t, or a kinf_desc_t:
   server, token and token file, CA, client certificate, timeouts,
   own_transport) and owns one connection like the informer's: an engine
   (kinf_client_engine: the kinf_engine_* calls, requests out, bytes in)
   with the built-in driver on top (kinf_client_poll / _fd / _wants /
   _timeout_ms) and a blocking call for simple tools (kinf_client_do).
   Compiled out by KINF_NO_CLIENT (implied by KINF_ENGINE_ONLY). */
typedef struct kinf_client_t kinf_client_t; /* opaque, lives in caller memory */
enum { KINF_CLIENT_GET = 1, KINF_CLIENT_CREATE, KINF_CLIENT_UPDATE, KINF_CLIENT_PATCH_MERGE,
       KINF_CLIENT_PATCH_JSON, KINF_CLIENT_DELETE,
       KINF_CLIENT_APPLY };      /* server-side apply: PATCH, application/apply-patch+yaml, ?fieldManager= */
/* How a request ended (kinf_client_response_t.result, kinf_client_do). */
typedef enum kinf_client_result_t {
    KINF_CLIENT_OK = 0,              /* 2xx: body is the object (or the Status a delete may answer) */
    KINF_CLIENT_CONFLICT = 1,        /* 409 Conflict: the object changed (resourceVersion or uid precondition): re-read, retry;
                                        for an apply, fields another manager owns: apply with force, or leave them */
    KINF_CLIENT_ALREADY_EXISTS = 2,  /* 409 AlreadyExists: create of a name that exists */
    KINF_CLIENT_NOT_FOUND = 3,       /* 404 */
    KINF_CLIENT_INVALID = 4,         /* 422 Invalid (a failed JSON patch test, a field the server refuses) */
    KINF_CLIENT_FORBIDDEN = 5,       /* 403 */
    KINF_CLIENT_UNAUTHORIZED = 6,    /* 401 (a token file is read again before the next request) */
    KINF_CLIENT_SERVER_ERROR = 7,    /* 5xx */
    KINF_CLIENT_HTTP_ERROR = 8,      /* another status: 400, 405, 415, 429, ... */
    KINF_CLIENT_CONNECTION = 9,      /* no whole response: connect, TLS, reset, idle timeout, malformed HTTP */
    KINF_CLIENT_TOO_LARGE = 10,      /* the response body is larger than response_bytes (code is the status) */
    KINF_CLIENT_TIMEOUT = 11         /* kinf_client_do's timeout passed: the request was abandoned */
} kinf_client_result_t;
typedef struct kinf_client_request_t {
    int verb;                    /* KINF_CLIENT_GET ... KINF_CLIENT_APPLY */
    const char* resource;        /* as desc.resource: "pods", "/apis/coordination.k8s.io/v1/leases" */
    const char* namespace_;      /* NULL or "" for cluster-scoped resources */
    const char* name;            /* the object; not for create */
    int status;                  /* 1: the status subresource (.../NAME/status): get, update, patches */
    const char* body;            /* JSON: the object (create, update: its metadata.resourceVersion is the
                                    update's precondition), the patch, or DeleteOptions; NULL for none */
    size_t body_len;             /* 0: strlen(body) */
    const char* uid;             /* delete without a body: preconditions.uid ... */
    const char* resource_version;/* ... and preconditions.resourceVersion, when set */
    const char* path;            /* not NULL: this path (and query) as it is, instead of resource,
                                    namespace_, name and status: '/' then printable ASCII, no
                                    space (a webhook's; the server URL's own path is not put in front) */
    /* server-side apply (KINF_CLIENT_APPLY; not read for the other verbs):
       body is the applied configuration in JSON (JSON is YAML), with its
       apiVersion, kind and metadata.name; the object is created when absent */
    const char* field_manager;   /* ?fieldManager=: required (CLIENT_NO_FIELD_MANAGER), at most 128 bytes */
    int force;                   /* 1: &force=true, this manager takes the fields others own (no 409) */
} kinf_client_request_t;
/* A finished request. body and its length live in the client's memory until
   the next kinf_client_start; reason and message are the server's Status
   (for a code other than 2xx), bounded and sanitised: control characters
   read as '?', cut at a UTF-8 boundary with "..." when longer. */
typedef struct kinf_client_response_t {
    int result;                  /* KINF_CLIENT_* */
    int code;                    /* the HTTP status; 0 when there was no response */
    uint32_t item;               /* the log item of a failure (KINF_LOGITEM_CLIENT_*, CONNECT_FAILED, ...); 0 on success */
    const char* body;            /* NUL-terminated ("" for none) */
    size_t body_len;
    char reason[64];             /* "Conflict", "NotFound", "Invalid", ... */
    char message[256];
} kinf_client_response_t;
typedef struct kinf_client_desc_t {
    /* server, credentials, TLS, logger, tag, timeouts, own_transport, random_seed:
       read as kinf_init reads them; resource, selectors, keep and capacities are not read */
    const kinf_desc_t* conn;
    const kinf_conn_desc_t* connection; /* not NULL: the connection from here instead (conn is not read) */
    size_t request_bytes;        /* largest request body; default 16 KiB, 256 B to 64 MiB */
    size_t response_bytes;       /* largest response body; default 64 KiB, 1 KiB to 64 MiB */
    /* Retries, by client-go's rules (docs/client.md): a 429, a 5xx with
       Retry-After, and for a GET a 5xx or a connection lost before the whole
       response, are sent again after Retry-After (seconds, at most
       retry_max_ms) or a backoff (retry_base_ms doubling to retry_max_ms,
       full jitter), up to max_retries times; then the request ends as
       without retries. A 409 is never retried: the caller decides. */
    int max_retries;             /* default 5; negative: no retries */
    int retry_base_ms;           /* default 500 */
    int retry_max_ms;            /* default 30000 */
} kinf_client_desc_t;
typedef struct kinf_client_stats_t {
    uint64_t requests, ok, conflicts, failed, bytes_read, bytes_written;
    uint64_t retries;            /* requests sent again (CLIENT_RETRY) */
    size_t response_peak, response_capacity, request_capacity, mem_used;
} kinf_client_stats_t;

#ifndef KINF_NO_CLIENT
/* Bytes kinf_client_init needs (defaults applied): exact. */
KINF_API size_t kinf_client_size(const kinf_client_desc_t* desc);
/* Lays the client out in mem (valid, unmoved for its life); TLS files are
   read here, as kinf_init does. NULL when size is too small or conn is
   invalid (logged). No I/O. */
KINF_API kinf_client_t* kinf_client_init(void* mem, size_t size, const kinf_client_desc_t* desc);
/* Starts a request (no I/O: the next poll or engine tick sends it). KINF_OK;
   KINF_ERR_STATE when one is under way (CLIENT_BUSY); KINF_ERR_INVAL for a
   bad request (BAD_ARGUMENT, CONFIG_BAD_RESOURCE: a resource, namespace or
   name that cannot be a path) and KINF_ERR_NOMEM for a body larger than
   request_bytes (CLIENT_BODY_TOO_LARGE): nothing is sent. The body is copied. */
KINF_API int kinf_client_start(kinf_client_t* c, const kinf_client_request_t* req);
/* 1 when the request has ended (*out filled; the client takes the next),
   0 while it is under way or none was started. */
KINF_API int kinf_client_done(kinf_client_t* c, kinf_client_response_t* out);
KINF_API int kinf_client_busy(kinf_client_t* c);
/* Blocking: start, poll until done or timeout_ms (-1: no bound; the
   connection's idle timeout still ends a silent server). Returns out->result. */
KINF_API int kinf_client_do(kinf_client_t* c, const kinf_client_request_t* req, kinf_client_response_t* out, int timeout_ms);
/* The built-in driver, as kinf_poll: one step, and the fd, events and
   timeout for a loop of the caller's (then kinf_client_poll(c, 0)). */
KINF_API int kinf_client_poll(kinf_client_t* c, int timeout_ms);
KINF_API int kinf_client_fd(kinf_client_t* c);
KINF_API unsigned kinf_client_wants(kinf_client_t* c);
KINF_API int kinf_client_timeout_ms(kinf_client_t* c);
KINF_API uint32_t kinf_client_fd_generation(kinf_client_t* c); /* as kinf_fd_generation */
/* Its engine, for a transport of your own: the kinf_engine_* calls. */
KINF_API kinf_engine_t* kinf_client_engine(kinf_client_t* c);
/* The item of the last request that failed, or of the last call refused
   (sticky until kinf_client_clear_error). */
KINF_API uint32_t kinf_client_last_error(kinf_client_t* c);
KINF_API void kinf_client_clear_error(kinf_client_t* c);
KINF_API kinf_client_stats_t kinf_client_stats(kinf_client_t* c);
/* Closes its connection; the client stays usable (the next request connects). */
KINF_API void kinf_client_shutdown(kinf_client_t* c);
#endif

/* The hub (khub): a node-local server of list, watch, get and discovery for
   a factory's informers, one upstream watch per resource however many
   clients watch (docs/khub.md). Sans-I/O like the engine: each client is a
   slot of a fixed pool, its request head and its send buffer in the hub's
   memory; bytes in through kinf_hub_recvbuf/_recvd, out through
   kinf_hub_sendbuf/_sent, and kinf_hub_tick for what time does (timeouts,
   bookmarks, watch events into the buffers). A thin built-in driver listens
   on unix: and loopback TCP addresses (kinf_hub_listen, kinf_hub_poll). */
typedef struct kinf_hub_t kinf_hub_t; /* opaque, lives in caller memory */
typedef struct kinf_hub_desc_t {
    kinf_factory_t* factory;     /* the cache served (its informers added with kinf_hub_serve) */
    const char* namespace_;      /* the informers' namespace (khub -n); NULL: all */
    int max_resources;           /* default: the factory's max_informers */
    int max_clients;             /* client slots; default 32 */
    size_t client_bytes;         /* each client's send buffer; default and least: the factory's
                                    largest object (base.max_event_bytes) + 4 KiB */
    int ring_events;             /* recent changes kept per resource; default 4096 */
    size_t ring_bytes;           /* their bytes per resource; default 4 MiB */
    const char* token;           /* the bearer token clients opened with auth must send (copied; NULL: none) */
    int idle_timeout_ms;         /* a client with no request this long is closed; default 120000 */
    int head_timeout_ms;         /* a request head not whole this long after its first byte: closed; default 10000 */
    int slow_ms;                 /* a response whose bytes do not move this long is ended; default 15000 */
    int bookmark_ms;             /* bookmark period of watches that allow them; default 10000 */
    /* Forwarding: every request not served from the cache (writes, other
       resources) goes to this server with the client's own Authorization;
       token, token_file and the client certificate of this descriptor are
       not read (the hub never lends its credentials). NULL: such requests
       get 404. max_forward: requests forwarded at once (default 8); more
       wait for a free one. forward_body_bytes: the largest request body
       (default 1 MiB; larger: 413). */
    const kinf_conn_desc_t* forward;
    int max_forward;
    size_t forward_body_bytes;
    kinf_logger_t logger;
    const char* tag;             /* default "khub" */
} kinf_hub_desc_t;
typedef struct kinf_hub_stats_t {
    uint64_t accepted, refused_full, requests, lists, gets, watches, discovery, not_found, bad_requests;
    uint64_t unauthorized, expired, slow_ended, timed_out, forwarded, forward_failed, events_sent, bookmarks_sent, bytes_out;
    int clients, max_clients, resources;
    uint64_t ring_evicted;       /* changes dropped from the windows */
    size_t mem_used, mem_capacity;
} kinf_hub_stats_t;
enum { KINF_HUB_RECV = 1, KINF_HUB_SEND = 2, KINF_HUB_CLOSE = 4 }; /* kinf_hub_state */

#ifndef KINF_NO_HUB
/* Bytes kinf_hub_init needs; 0 for a NULL desc or factory. */
KINF_API size_t kinf_hub_size(const kinf_hub_desc_t* desc);
/* Lays the hub out in mem; NULL when size is too small (logged). No I/O. */
KINF_API kinf_hub_t* kinf_hub_init(void* mem, size_t size, const kinf_hub_desc_t* desc);
/* Serves inf, an informer of the hub's factory: adds the hub's handler
   (the window of recent changes). KINF_OK, KINF_ERR_NOMEM (max_resources),
   KINF_ERR_INVAL (not the factory's). */
KINF_API int kinf_hub_serve(kinf_hub_t* hub, kinf_informer_t* inf);
/* A client connected: its id (>= 0), or KINF_ERR_NOMEM when every slot is
   taken: write kinf_hub_busy's bytes (a 503 with a Status), then close.
   auth 1: its requests must carry desc.token (401 otherwise). */
KINF_API int kinf_hub_open(kinf_hub_t* hub, int auth, uint64_t now_ms);
KINF_API const char* kinf_hub_busy(size_t* len);
/* What client id wants: KINF_HUB_RECV, _SEND, _CLOSE (close it, then kinf_hub_closed). */
KINF_API unsigned kinf_hub_state(kinf_hub_t* hub, int id);
KINF_API uint8_t* kinf_hub_recvbuf(kinf_hub_t* hub, int id, size_t* cap);
KINF_API void kinf_hub_recvd(kinf_hub_t* hub, int id, size_t n, uint64_t now_ms);
KINF_API const uint8_t* kinf_hub_sendbuf(kinf_hub_t* hub, int id, size_t* len);
KINF_API void kinf_hub_sent(kinf_hub_t* hub, int id, size_t n, uint64_t now_ms);
/* The client's connection is closed (by the peer, or after KINF_HUB_CLOSE): its slot is free. */
KINF_API void kinf_hub_closed(kinf_hub_t* hub, int id);
/* Timeouts, bookmarks, changes and list items into the send buffers. Call
   after the factory's informers ran, and by kinf_hub_deadline. */
KINF_API void kinf_hub_tick(kinf_hub_t* hub, uint64_t now_ms);
KINF_API uint64_t kinf_hub_deadline(kinf_hub_t* hub);
KINF_API kinf_hub_stats_t kinf_hub_stats(kinf_hub_t* hub);
/* Forwarder i's connection (0 <= i < max_forward), for a transport of the
   caller's own (forward->own_transport); NULL for none. */
KINF_API kinf_engine_t* kinf_hub_forward_engine(kinf_hub_t* hub, int i);
/* The built-in driver. kinf_hub_listen: "unix:PATH" (created mode 0660, a
   stale socket there replaced), "127.0.0.1:PORT" or "[::1]:PORT"; any other
   address is KINF_ERR_INVAL (logged); KINF_ERR_IO when it cannot listen.
   auth: clients of this address must send the token. kinf_hub_poll: one
   wait of at most timeout_ms on the factory's connections, the listeners
   and the clients, then the factory's poll and kinf_hub_tick.
   kinf_hub_shutdown closes every socket, removes the unix sockets made and
   the hub's handlers from the informers it served (call it while they are
   there: before kinf_factory_shutdown's memory is released); they go on
   without it, and its memory may be reused. */
KINF_API int kinf_hub_listen(kinf_hub_t* hub, const char* addr, int auth);
/* KINF_OK when kinf_hub_listen takes addr's form (unix:PATH, 127.0.0.1:PORT,
   [::1]:PORT), KINF_ERR_INVAL otherwise: no I/O, nothing logged, so a tool
   can refuse a bad address before it contacts anyone. */
KINF_API int kinf_hub_address(const char* addr);
KINF_API int kinf_hub_poll(kinf_hub_t* hub, int timeout_ms);
KINF_API void kinf_hub_shutdown(kinf_hub_t* hub);
#endif

/* Leader election (docs/leader-election.md): client-go's tools/leaderelection
   on a coordination.k8s.io/v1 Lease, over a write client of its own, on the
   caller's loop, in fixed memory (kinf_leader_size bytes). Compiled out by
   KINF_NO_CLIENT. The callbacks run inside kinf_leader_step / _poll /
   _release, on the caller's thread. */
typedef struct kinf_leader_t kinf_leader_t; /* opaque, lives in caller memory */
typedef struct kinf_leader_desc_t {
    kinf_client_t* client;       /* its own: the elector takes every response of it */
    const char* namespace_;      /* the Lease: namespace and name */
    const char* name;
    const char* identity;        /* this candidate's holderIdentity; unique among the candidates */
    int lease_duration_ms;       /* 0: 15000; whole seconds (leaseDurationSeconds) */
    int renew_deadline_ms;       /* 0: 10000; the leader stops leading when no renewal succeeded for so long */
    int retry_period_ms;         /* 0: 2000; between tries (a candidate's jittered up by up to 1.2 times) */
    void (*on_started_leading)(kinf_leader_t* l, void* user);
    void (*on_stopped_leading)(kinf_leader_t* l, void* user); /* lost, or released: act no more */
    void (*on_new_leader)(kinf_leader_t* l, const char* identity, void* user); /* the Lease names a new holder (this one too) */
    void* user;
    kinf_logger_t logger;
    const char* tag;
    uint32_t random_seed;        /* the jitter; 0: from the identity */
} kinf_leader_desc_t;
typedef struct kinf_leader_stats_t {
    uint64_t requests, renewals, elected, lost, conflicts, failed, changes_seen, transitions;
} kinf_leader_stats_t;
#ifndef KINF_NO_CLIENT
KINF_API size_t kinf_leader_size(void);
/* NULL (logged: MEMORY_TOO_SMALL, LEADER_BAD_CONFIG) when mem is too small or
   unaligned, or the desc is not usable. No I/O; the first step tries. */
KINF_API kinf_leader_t* kinf_leader_init(void* mem, size_t size, const kinf_leader_desc_t* desc);
/* Sans-I/O: takes the client's finished request, ends leadership whose renew
   deadline passed, starts the request due. now_ms: a monotonic clock (expiry
   is judged by it alone); unix_ms: the wall clock written in the Lease.
   The client is driven by the caller (kinf_client_engine or _poll). */
KINF_API int kinf_leader_step(kinf_leader_t* l, uint64_t now_ms, int64_t unix_ms);
/* The monotonic time of the next step needed (UINT64_MAX: none but the client's). */
KINF_API uint64_t kinf_leader_deadline(const kinf_leader_t* l);
/* 1 while this candidate leads: act only while it is 1 (it turns 0 at the
   renew deadline by the clock, before any step). */
KINF_API int kinf_leader_is_leader(const kinf_leader_t* l, uint64_t now_ms);
/* The holder last seen ("" none or not read yet). */
KINF_API const char* kinf_leader_holder(const kinf_leader_t* l);
/* A clean stop: leading ends now (on_stopped_leading), and the next steps
   give the Lease up when this candidate holds it; then kinf_leader_stopped. */
KINF_API void kinf_leader_release(kinf_leader_t* l);
KINF_API int kinf_leader_stopped(const kinf_leader_t* l);
KINF_API kinf_leader_stats_t kinf_leader_stats(const kinf_leader_t* l);
#ifndef KINF_ENGINE_ONLY
/* The built-in driver: steps with the process's clocks, polls the client
   for at most timeout_ms (-1: until the next deadline), steps again. */
KINF_API int kinf_leader_poll(kinf_leader_t* l, int timeout_ms);
KINF_API int kinf_leader_timeout_ms(const kinf_leader_t* l); /* ms until a poll is due, -1 none */
#endif
#endif

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
#include <sys/wait.h>
#include <signal.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#ifndef KINF_NO_SNAPSHOT
#include <stdio.h> /* rename */
#endif
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
/* the JSON scanner's structural pass: 32 bytes at a time where the build
   allows AVX2 (-mavx2, -march=...), NEON on arm64 */
#if defined(__AVX2__) && defined(__GNUC__) && !defined(KINF_NO_SIMD)
#include <immintrin.h>
#define KINF__AVX2 1
#endif
#if defined(__aarch64__) && defined(__ARM_NEON) && defined(__GNUC__) && !defined(KINF_NO_SIMD)
#include <arm_neon.h>
#define KINF__NEON 1
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

/* CONTENTS (from src/MANIFEST; grep for the anchor, e.g. "/\* >>store"), in layer order:
     >>base        src/base.c          the implementation prologue: includes, caps; numbers, strings, the clock-free helpers
     >>http        src/http.c          the response head; >>http chunked: the chunked framing
     >>gzip        src/gzip.c          a streaming gzip inflater (KINF_NO_GZIP)
     >>json        src/json.c          the streaming JSON scanner: one grammar, records, captures, member table
     >>log         src/log.c           log items (one X-macro: ids and messages), the text a logger gets, why set-up refused
     >>conn        src/conn.c          one connection and one HTTP/1.1 exchange: request head, response head, framing, gzip; the kinf_engine_* calls
     >>tls         src/tls.c           TLS through BearSSL over the non-blocking socket
     >>endpoint    src/endpoint.c      a connection's descriptor read: defaults, URL, TLS material, token; the owners' shared set-up
     >>driver      src/driver.c        the built-in driver of any connection over the engine calls: socket, clock, token file, exec plugin
     >>context     src/context.c       the informer's state (kinf_informer_t) in the caller's memory; its log lines and sticky error
     >>project     src/project.c       projection of an object to the kept paths, in place
     >>selector    src/selector.c      label and field selectors: read, matched against an object, the paths they need kept
     >>store       src/store.c         arena, hash (key -> slot), index, operations; the DeltaFIFO
     >>setup       src/setup.c         the descriptor read into the context, the memory layout
     >>metadata    src/metadata.c      metadata-only informers (client-go's metadatainformer)
     >>watchlist   src/watchlist.c     watch-list (KEP-3157): when to ask for it, its request, what a refusal looks like
     >>reflector   src/reflector.c     requests, connection wanted, events, responses, step: list/watch; the watch-list fallback
     >>handlers    src/handlers.c      delivery from the FIFO to the handlers, resync
     >>snapshot    src/snapshot.c      the store to a snapshot and back; the snapshot file
     >>field       src/field.c         kinf_field: a value of a compact JSON object by path; text, members
     >>jsonpatch   src/jsonpatch.c     kinf_json_patch: an RFC 6902 patch between two JSON values
     >>config      src/config.c        kubeconfig, in-cluster service account
     >>discovery   src/discovery.c     the server's resources (aggregated or legacy documents), name resolution
     >>factory     src/factory.c       shared informers in one block, one poll step for all, discovery's reconciliation
     >>hub         src/hub.c           the node-local server: requests, responses, client slots, windows of changes, its driver
     >>workqueue   src/workqueue.c     keys to reconcile: dedup, delays, the rate limiter, threads (optional)
     >>client      src/client.c        the write client: one request at a time
     >>leader      src/leader.c        leader election on a Lease (client-go's), over the write client
     >>public      src/public.c        set-up, the built-in driver calls, the lister; the private macros undone
   A module uses only the modules above it. Private names carry their
   module: kinf__http_, kinf__scan_, kinf__store_, kinf__conn_, kinf__rf_ ... */

/* >>base */
/* An arena block: 16 bytes, then key, namespace, uid and resourceVersion as C
   strings, the JSON and its NUL, then tail bytes up to the 4-byte size.
   pfree: the block just below it in the arena is free (>>store arena). */
typedef struct { uint32_t size, owner; uint16_t klen; uint8_t nslen, uidlen, rvlen, flags, tail, pfree; } kinf__blk;
/* the arena's free lists: row 0 for blocks under 256 bytes, 16 bytes a
   list; row f > 0 for [2^(f+7), 2^(f+8)), in 16 lists of equal width */
#define KINF__SL_BITS 4
#define KINF__SL_N (1 << KINF__SL_BITS)
#define KINF__FL_N 25
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
/* 64-bit FNV-1a of n bytes, from h (0xcbf29ce484222325 to begin): the
   snapshot's rule and journal-path sums, the exec plugin's pair held */
static inline uint64_t kinf__fnv64(uint64_t h, const void* p, size_t n) {
    const uint8_t* b = (const uint8_t*)p;
    size_t i;
    for (i = 0; i < n; i++) { h = (h ^ b[i]) * 0x100000001b3ull; }
    return h;
}
/* kinf__fnv of a C string, in one pass (no strlen first) */
static uint32_t kinf__fnv_str(const char* s) {
    uint32_t h = 2166136261u;
    for (; *s; s++) { h ^= (uint8_t)*s; h *= 16777619u; }
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
/* s holds fewer than cap bytes (NULL holds none); looks no further than cap */
static int kinf__fits(const char* s, size_t cap) {
    size_t n = 0;
    while (s && n < cap && s[n]) { n++; }
    return n < cap;
}
/* appends s to the string in dst; 0 (dst unchanged) when it does not fit */
static int kinf__cat(char* dst, size_t cap, const char* s) {
    size_t o = strlen(dst), n = strlen(s);
    if (o + n >= cap) { return 0; }
    memcpy(dst + o, s, n + 1);
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
static char kinf__lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }
static int kinf__ieq(const char* a, size_t an, const char* b) { /* case-insensitive, b lowercase */
    size_t i;
    for (i = 0; i < an; i++) {
        if (!b[i] || kinf__lower(a[i]) != b[i]) { return 0; }
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
/* jsmn helpers: the token after token i and all it holds; the value of the
   member name of the object at token o (-1: none); token i's text is s */
static int kinf__tok_skip(const jsmntok_t* t, int nt, int i) {
    int end = t[i].end;
    i++;
    while (i < nt && t[i].start < end) { i++; }
    return i;
}
static int kinf__tok_member(const char* js, const jsmntok_t* t, int nt, int o, const char* name) {
    int j = o + 1, m;
    size_t n = strlen(name);
    if (o < 0 || o >= nt || t[o].type != JSMN_OBJECT) { return -1; }
    for (m = 0; m < t[o].size && j + 1 < nt; m++) {
        if ((size_t)(t[j].end - t[j].start) == n && !memcmp(js + t[j].start, name, n)) { return j + 1; }
        j = kinf__tok_skip(t, nt, j + 1);
    }
    return -1;
}
static int kinf__tok_is(const char* js, const jsmntok_t* t, int i, const char* s) {
    size_t n = strlen(s);
    return i >= 0 && (size_t)(t[i].end - t[i].start) == n && !memcmp(js + t[i].start, s, n);
}
/* The backoff of failure *n (counted up, to 6): base_ms doubled each time up
   to cap_ms, plus full jitter (a random share of as much again), as
   client-go's reflector. Every owner's retries wait this. */
static uint64_t kinf__backoff_ms(uint32_t base_ms, uint32_t cap_ms, int* n, uint32_t* rng) {
    uint64_t d = (uint64_t)base_ms << (*n < 6 ? (*n > 0 ? *n : 0) : 6);
    if (d > cap_ms) { d = cap_ms; }
    if (d == 0) { d = 1; }
    if (*n < 6) { (*n)++; }
    return d + kinf__rand(rng) % d;
}

/* >>http */
typedef struct kinf__resp {
    int status;
    int chunked, conn_close, head_done;
    int gzip;            /* Content-Encoding: gzip */
    int64_t clen;        /* -1: none */
    int64_t retry_after; /* -1: none */
    size_t head_len;
} kinf__resp;

/* white space around a header value: SP, HTAB, and the line ends of folds */
static int kinf__http_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
/* Parses a complete response head (ending in CRLF CRLF, or LF LF). */
static int kinf__http_parse_head(const char* h, size_t n, kinf__resp* r, uint32_t* err_item) {
    size_t i = 0, line_end, nh = 0;
    r->status = 0; r->chunked = 0; r->conn_close = 0; r->clen = -1; r->retry_after = -1; r->gzip = 0;
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
        /* obs-fold (RFC 9112 section 5.2): a line that begins with SP or HTAB
           continues this value. Its line end reads as SP, as the RFC asks: the
           values interpreted here are single tokens, so CR and LF count as the
           white space around them and break them inside, as a SP would. A
           fold before the first field line stays malformed (section 2.2). */
        while (line_end + 1 < n && (h[line_end + 1] == ' ' || h[line_end + 1] == '\t')) {
            line_end++;
            while (line_end < n && h[line_end] != '\n') { line_end++; }
            ve = line_end;
            if (h[ve - 1] == '\r') { ve--; }
        }
        while (vs < ve && kinf__http_ws(h[vs])) { vs++; }
        while (ve > vs && kinf__http_ws(h[ve - 1])) { ve--; }
        if (kinf__ieq(h + ns, ne - ns, "content-length")) {
            int64_t v = kinf__parse_dec(h + vs, ve - vs);
            if (v < 0 || (r->clen >= 0 && r->clen != v)) { *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL; }
            r->clen = v;
        } else if (kinf__ieq(h + ns, ne - ns, "transfer-encoding")) {
            if (kinf__ieq(h + vs, ve - vs, "chunked")) { r->chunked = 1; }
            else if (!kinf__ieq(h + vs, ve - vs, "identity")) { *err_item = KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING; return KINF_ERR_INVAL; }
        } else if (kinf__ieq(h + ns, ne - ns, "content-encoding")) {
#ifndef KINF_NO_GZIP
            /* gzip is read as such; whether it was asked for is the caller's to check */
            if (kinf__ieq(h + vs, ve - vs, "gzip") || kinf__ieq(h + vs, ve - vs, "x-gzip")) { r->gzip = 1; } else
#endif
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
    uint8_t digits, done;         /* digits: the size line has one */
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
                /* a chunk of 2^40 bytes or more (past ten significant digits)
                   is refused before it can overflow; leading zeros may be any
                   number (RFC 9112: chunk-size is 1*HEXDIG) */
                if (d->left >> 36) { return -1; }
                d->left = d->left * 16u + (uint64_t)v; d->digits = 1; i++;
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

/* >>gzip  A gzip (RFC 1952) inflater over DEFLATE (RFC 1951), streaming and
   resumable at any byte: input in pieces of any size, down to one byte, the
   state kept between calls, nothing allocated. Its 32 KiB window is the
   output buffer too: the inflated bytes wait there (pend of them, ending at
   wpos) until the scanner takes them, and the inflater stops when the window
   holds nothing but bytes not taken yet, so a byte is overwritten only after
   it was taken and is further back than any distance. Work per call is
   bounded by the input given and the window's free room. Huffman codes are
   decoded a bit at a time from the canonical counts, so a decode can stop and
   resume between any two bits. Compiled out by KINF_NO_GZIP. */
#ifndef KINF_NO_GZIP
#define KINF__GZ_WIN 32768u
#define KINF__GZ_FAST 9u
/* the stream's states, in order */
enum { KINF__GZS_HEAD = 0, KINF__GZS_XLEN, KINF__GZS_EXTRA, KINF__GZS_NAME, KINF__GZS_COMMENT, KINF__GZS_HCRC,
       KINF__GZS_BLOCK, KINF__GZS_STORED_LEN, KINF__GZS_STORED, KINF__GZS_DYN, KINF__GZS_CLENS, KINF__GZS_LENS,
       KINF__GZS_LENS_EXTRA, KINF__GZS_CODES, KINF__GZS_LEN_EXTRA, KINF__GZS_DIST, KINF__GZS_DIST_EXTRA,
       KINF__GZS_COPY, KINF__GZS_TRAILER, KINF__GZS_DONE, KINF__GZS_FAILED };
/* what kinf__gz_inflate returns: went as far as it could, the stream's end
   (trailer checked), or why it failed (sticky: every later call says it again) */
enum { KINF__GZ_OK = 0, KINF__GZ_END = 1, KINF__GZ_EHEAD = -1, KINF__GZ_EDATA = -2, KINF__GZ_ECHECK = -3, KINF__GZ_ETRAIL = -4 };
typedef struct kinf__gz {
    uint8_t st, last, flg, crc_ready;  /* state; the final block is under way; FLG; crctab built */
    int8_t err;                   /* the KINF__GZ_E* it failed with */
    uint32_t bb, bc;              /* bit buffer (LSB first) and its count, always under 32 */
    uint32_t n, acc, acc2;        /* the state's counter and what it gathers */
    uint32_t len, dist, sym;      /* a match under way; a symbol waiting for its extra bits */
    uint32_t nlen, ndist, ncode;  /* a dynamic block's code counts */
    uint32_t hcode, hfirst, hindex, hlen; /* a Huffman decode under way */
    uint32_t crc, hcrc;           /* CRC-32 of the output (pre-inverted), of the header */
    uint64_t outn, crcn;          /* bytes output; of those, bytes in crc */
    uint64_t inn;                 /* bytes of input taken */
    uint32_t wpos, pend;          /* window write position; bytes before it not taken yet */
    const char* why;              /* the failure, for the log */
    const uint8_t* in; const uint8_t* end; /* the input of the call under way */
    uint16_t lcnt[16], lsym[288], dcnt[16], dsym[32], ccnt[16], csym[19];
    uint16_t lfast[1u << KINF__GZ_FAST], dfast[1u << KINF__GZ_FAST]; /* codes of up to KINF__GZ_FAST bits
                                     by their next bits: symbol | length << 9; 0: longer (kinf__gz_fast) */
    uint8_t lens[320];
    uint32_t crctab[256];
    uint8_t win[KINF__GZ_WIN];
} kinf__gz;
typedef char kinf__gz_fits[(sizeof(kinf__gz) + 8u <= KINF_GZIP_BYTES) ? 1 : -1];

/* A fresh stream (the CRC table is built once). */
static void kinf__gz_reset(kinf__gz* z) {
    uint32_t i, k, c;
    if (!z->crc_ready) {
        for (i = 0; i < 256u; i++) {
            c = i;
            for (k = 0; k < 8u; k++) { c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1; }
            z->crctab[i] = c;
        }
        z->crc_ready = 1;
    }
    z->st = KINF__GZS_HEAD; z->last = 0; z->flg = 0; z->err = 0;
    z->bb = z->bc = z->n = z->acc = z->acc2 = z->len = z->dist = z->sym = 0;
    z->hcode = z->hfirst = z->hindex = z->hlen = 0;
    z->crc = z->hcrc = 0xffffffffu;
    z->outn = z->crcn = z->inn = 0;
    z->wpos = z->pend = 0;
    z->why = 0; z->in = z->end = 0;
}
static uint32_t kinf__gz_crc_byte(const kinf__gz* z, uint32_t crc, uint8_t b) { return z->crctab[(crc ^ b) & 0xffu] ^ (crc >> 8); }
/* brings crc up to the output: the bytes produced since, all still in the window */
static void kinf__gz_crc_catch_up(kinf__gz* z) {
    uint32_t k = (uint32_t)(z->outn - z->crcn), p = (z->wpos - k) & (KINF__GZ_WIN - 1u), crc = z->crc;
    while (k--) { crc = z->crctab[(crc ^ z->win[p]) & 0xffu] ^ (crc >> 8); p = (p + 1u) & (KINF__GZ_WIN - 1u); }
    z->crc = crc; z->crcn = z->outn;
}
/* n bits (up to 24) in the bit buffer, pulling input a byte at a time: 0 when it ran out */
static int kinf__gz_need(kinf__gz* z, uint32_t n) {
    while (z->bc < n) {
        if (z->in == z->end) { return 0; }
        z->bb |= (uint32_t)*z->in++ << z->bc; z->bc += 8u;
    }
    return 1;
}
static uint32_t kinf__gz_bits(kinf__gz* z, uint32_t n) {
    uint32_t v = z->bb & ((1u << n) - 1u);
    z->bb >>= n; z->bc -= n;
    return v;
}
/* A byte of a byte-aligned field (header, stored length, trailer); -1 when the input ran out. */
static int kinf__gz_byte(kinf__gz* z) { return kinf__gz_need(z, 8u) ? (int)kinf__gz_bits(z, 8u) : -1; }
static void kinf__gz_put(kinf__gz* z, uint32_t c) {
    z->win[z->wpos] = (uint8_t)c; z->wpos = (z->wpos + 1u) & (KINF__GZ_WIN - 1u); z->pend++; z->outn++;
}
/* A canonical Huffman code from its code lengths: cnt[l] codes of length l,
   sym the symbols in code order. 0, or -1 for lengths that over-subscribe,
   or leave the code incomplete (allowed, as zlib allows it, only for no code
   at all or one code of one bit: the unused codes then fail to decode). */
static int kinf__gz_build(uint16_t* cnt, uint16_t* sym, const uint8_t* len, uint32_t n, uint16_t* fast) {
    uint16_t offs[16], next[16];
    int32_t left = 1;
    uint32_t i, maxl = 0, code = 0;
    memset(cnt, 0, 16u * sizeof(uint16_t));
    for (i = 0; i < n; i++) { cnt[len[i]]++; }
    for (i = 1; i < 16u; i++) {
        left = left * 2 - (int32_t)cnt[i];
        if (left < 0) { return -1; }
        if (cnt[i]) { maxl = i; }
    }
    offs[1] = 0;
    for (i = 1; i < 15u; i++) { offs[i + 1] = (uint16_t)(offs[i] + cnt[i]); }
    for (i = 0; i < n; i++) { if (len[i]) { sym[offs[len[i]]++] = (uint16_t)i; } }
    if (left > 0 && maxl > 1u) { return -1; }
    if (fast) { /* each short code's entry at its bits reversed (the stream is LSB first), and every longer index that starts with them */
        memset(fast, 0, sizeof(uint16_t) << KINF__GZ_FAST);
        for (i = 1; i < 16u; i++) { next[i] = (uint16_t)code; code = (code + cnt[i]) << 1; }
        for (i = 0; i < n; i++) {
            uint32_t l = len[i], c, r = 0, k;
            if (!l) { continue; }
            c = next[l]++;
            if (l > KINF__GZ_FAST) { continue; }
            for (k = 0; k < l; k++) { r = (r << 1) | ((c >> k) & 1u); }
            for (; r < (1u << KINF__GZ_FAST); r += 1u << l) { fast[r] = (uint16_t)(i | (l << 9)); }
        }
    }
    return 0;
}
/* One symbol, a bit at a time from where the last call stopped: the symbol,
   -1 when the input ran out (the decode resumes), -2 for a bit string that is
   no code of this table. */
static int kinf__gz_decode(kinf__gz* z, const uint16_t* cnt, const uint16_t* sym) {
    while (z->hlen < 15u) {
        uint32_t count;
        if (!z->bc && !kinf__gz_need(z, 1u)) { return -1; }
        z->hcode |= z->bb & 1u; z->bb >>= 1; z->bc--;
        count = cnt[++z->hlen];
        if (z->hcode < z->hfirst + count) {
            int s = sym[z->hindex + z->hcode - z->hfirst];
            z->hcode = z->hfirst = z->hindex = z->hlen = 0;
            return s;
        }
        z->hindex += count; z->hfirst = (z->hfirst + count) << 1; z->hcode <<= 1;
    }
    return -2;
}
static int kinf__gz_fail(kinf__gz* z, int err, const char* why) {
    z->st = KINF__GZS_FAILED; z->err = (int8_t)err; z->why = why;
    return err;
}
/* the length and distance codes' bases and extra bits (RFC 1951 3.2.5) */
static const uint16_t kinf__gz_lbase[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                             67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t kinf__gz_lext[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint16_t kinf__gz_dbase[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                             1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const uint8_t kinf__gz_dext[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };
/* the order the code length code's lengths come in (RFC 1951 3.2.7) */
static const uint8_t kinf__gz_clorder[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

/* the end of a block: the next one, or the trailer after the last (at a byte boundary) */
static void kinf__gz_block_end(kinf__gz* z) {
    if (z->last) { kinf__gz_bits(z, z->bc & 7u); z->st = KINF__GZS_TRAILER; z->n = z->acc = z->acc2 = 0; }
    else { z->st = KINF__GZS_BLOCK; }
}
/* A symbol from bits b (at least 15 of them): the table's entry, or a walk of
   the canonical code for a longer one; *len its bits, 0 for no code. */
static uint32_t kinf__gz_peek(const uint16_t* fast, const uint16_t* cnt, const uint16_t* sym, uint64_t b, uint32_t* len) {
    uint32_t e = fast[b & ((1u << KINF__GZ_FAST) - 1u)], code = 0, first = 0, index = 0, l;
    if (e) { *len = e >> 9; return e & 511u; }
    for (l = 1; l < 16u; l++) {
        code |= (uint32_t)(b & 1u); b >>= 1;
        if (code < first + cnt[l]) { *len = l; return sym[index + code - first]; }
        index += cnt[l]; first = (first + cnt[l]) << 1; code <<= 1;
    }
    *len = 0;
    return 0;
}
/* The fast path of a compressed block: whole symbols (literal, or length and
   distance with their extra bits: 48 bits at most) from a 64-bit buffer
   filled ahead, while 8 bytes of input and room for a match (258) are
   there, and no decode is under way. Whole bytes left in the buffer go back
   to the input at the end, so the bit buffer holds under 8 bits again. The
   same checks as the state machine; returns 0, or the KINF__GZ_E* failure. */
static int kinf__gz_fast(kinf__gz* z) {
    uint64_t bb = z->bb;
    uint32_t bc = z->bc, sym, len, dist, n, from;
    const uint8_t* in = z->in;
    int r = 0, ended = 0;
    while (z->end - in >= 8 && z->pend <= KINF__GZ_WIN - 258u) {
        while (bc <= 56u) { bb |= (uint64_t)*in++ << bc; bc += 8u; }
        sym = kinf__gz_peek(z->lfast, z->lcnt, z->lsym, bb, &n);
        if (!n) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad literal/length code"); break; }
        bb >>= n; bc -= n;
        if (sym < 256u) { kinf__gz_put(z, sym); continue; }
        if (sym == 256u) { ended = 1; break; }
        if (sym > 285u) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "length symbol 286 or 287"); break; }
        sym -= 257u;
        n = kinf__gz_lext[sym];
        len = kinf__gz_lbase[sym] + (uint32_t)(bb & ((1u << n) - 1u)); bb >>= n; bc -= n;
        sym = kinf__gz_peek(z->dfast, z->dcnt, z->dsym, bb, &n);
        if (!n) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad distance code"); break; }
        bb >>= n; bc -= n;
        if (sym > 29u) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "distance symbol 30 or 31"); break; }
        n = kinf__gz_dext[sym];
        dist = kinf__gz_dbase[sym] + (uint32_t)(bb & ((1u << n) - 1u)); bb >>= n; bc -= n;
        if (dist > z->outn) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "distance beyond the output so far"); break; }
        from = (z->wpos - dist) & (KINF__GZ_WIN - 1u);
        z->pend += len; z->outn += len;
        if (z->wpos + len <= KINF__GZ_WIN && from + len <= KINF__GZ_WIN) { /* neither end wraps */
            uint8_t* d = z->win + z->wpos;
            const uint8_t* f = z->win + from;
            z->wpos = (z->wpos + len) & (KINF__GZ_WIN - 1u);
            if (dist >= len) { memmove(d, f, len); } /* a distance near the window's size reads just ahead of d */
            else { while (len--) { *d++ = *f++; } } /* overlapping: a run, byte after byte */
            continue;
        }
        while (len--) {
            z->win[z->wpos] = z->win[from];
            z->wpos = (z->wpos + 1u) & (KINF__GZ_WIN - 1u); from = (from + 1u) & (KINF__GZ_WIN - 1u);
        }
    }
    if (r) { return r; }
    in -= bc >> 3; /* whole bytes not used: back to the input */
    bc &= 7u;
    z->bb = (uint32_t)(bb & ((1u << bc) - 1u)); z->bc = bc;
    z->in = in;
    if (ended) { kinf__gz_block_end(z); }
    return 0;
}
/* Inflates in[0..n): *used gets the bytes taken (all of them, unless the
   window filled with bytes not taken yet, or the stream ended). Returns
   KINF__GZ_OK (more input, or room, wanted), KINF__GZ_END, or a KINF__GZ_E*. */
static int kinf__gz_inflate(kinf__gz* z, const uint8_t* in, size_t n, size_t* used) {
    int r = KINF__GZ_OK, c, s;
    uint32_t i;
    z->in = in; z->end = in + n;
    for (;;) {
        switch (z->st) {
        case KINF__GZS_HEAD: /* ID1 ID2 CM FLG MTIME(4) XFL OS */
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->hcrc = kinf__gz_crc_byte(z, z->hcrc, (uint8_t)c);
            if ((z->n == 0 && c != 0x1f) || (z->n == 1 && c != 0x8b)) { r = kinf__gz_fail(z, KINF__GZ_EHEAD, "not a gzip stream (bad magic)"); goto out; }
            if (z->n == 2 && c != 8) { r = kinf__gz_fail(z, KINF__GZ_EHEAD, "compression method is not deflate"); goto out; }
            if (z->n == 3) {
                if (c & 0xe0) { r = kinf__gz_fail(z, KINF__GZ_EHEAD, "reserved header flag set"); goto out; }
                z->flg = (uint8_t)c;
            }
            if (++z->n == 10u) { z->n = 0; z->acc = 0; z->st = KINF__GZS_XLEN; }
            break;
        case KINF__GZS_XLEN: /* FEXTRA: XLEN, then that many bytes */
            if (!(z->flg & 4u)) { z->st = KINF__GZS_NAME; break; }
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->hcrc = kinf__gz_crc_byte(z, z->hcrc, (uint8_t)c);
            z->acc |= (uint32_t)c << (8u * z->n);
            if (++z->n == 2u) { z->n = 0; z->st = KINF__GZS_EXTRA; }
            break;
        case KINF__GZS_EXTRA:
            if (!z->acc) { z->st = KINF__GZS_NAME; break; }
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->hcrc = kinf__gz_crc_byte(z, z->hcrc, (uint8_t)c);
            z->acc--;
            break;
        case KINF__GZS_NAME: /* FNAME, FCOMMENT: zero-terminated, skipped */
        case KINF__GZS_COMMENT:
            if (!(z->flg & (z->st == KINF__GZS_NAME ? 8u : 16u))) { z->st++; break; }
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->hcrc = kinf__gz_crc_byte(z, z->hcrc, (uint8_t)c);
            if (c == 0) { z->st++; z->n = 0; z->acc = 0; }
            break;
        case KINF__GZS_HCRC: /* FHCRC: the low 16 bits of the header's CRC-32 */
            if (!(z->flg & 2u)) { z->st = KINF__GZS_BLOCK; break; }
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->acc |= (uint32_t)c << (8u * z->n);
            if (++z->n == 2u) {
                if (z->acc != (~z->hcrc & 0xffffu)) { r = kinf__gz_fail(z, KINF__GZ_EHEAD, "header CRC mismatch"); goto out; }
                z->st = KINF__GZS_BLOCK;
            }
            break;
        case KINF__GZS_BLOCK: /* BFINAL, BTYPE */
            if (!kinf__gz_need(z, 3u)) { goto out; }
            z->last = (uint8_t)kinf__gz_bits(z, 1u);
            c = (int)kinf__gz_bits(z, 2u);
            if (c == 0) { kinf__gz_bits(z, z->bc & 7u); z->st = KINF__GZS_STORED_LEN; z->n = z->acc = 0; }
            else if (c == 1) { /* the fixed codes (RFC 1951 3.2.6); 286, 287, 30 and 31 decode but are refused */
                for (i = 0; i < 288u; i++) { z->lens[i] = (uint8_t)(i < 144u ? 8 : i < 256u ? 9 : i < 280u ? 7 : 8); }
                kinf__gz_build(z->lcnt, z->lsym, z->lens, 288u, z->lfast);
                for (i = 0; i < 32u; i++) { z->lens[i] = 5; }
                kinf__gz_build(z->dcnt, z->dsym, z->lens, 32u, z->dfast);
                z->st = KINF__GZS_CODES;
            } else if (c == 2) { z->st = KINF__GZS_DYN; }
            else { r = kinf__gz_fail(z, KINF__GZ_EDATA, "block type 3 (reserved)"); goto out; }
            break;
        case KINF__GZS_STORED_LEN: /* LEN, NLEN */
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->acc |= (uint32_t)c << (8u * z->n);
            if (++z->n == 4u) {
                z->len = z->acc & 0xffffu;
                if ((z->acc >> 16) != (~z->len & 0xffffu)) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "stored block length does not match its complement"); goto out; }
                if (z->len) { z->st = KINF__GZS_STORED; } else { kinf__gz_block_end(z); }
            }
            break;
        case KINF__GZS_STORED: { /* the bit buffer is empty here: bytes straight from the input */
            size_t k = (size_t)(z->end - z->in), room = KINF__GZ_WIN - z->pend, tail = KINF__GZ_WIN - z->wpos;
            if (k > z->len) { k = z->len; }
            if (k > room) { k = room; }
            if (k > tail) { k = tail; }
            if (!k) { goto out; }
            memcpy(z->win + z->wpos, z->in, k);
            z->in += k; z->len -= (uint32_t)k;
            z->wpos = (z->wpos + (uint32_t)k) & (KINF__GZ_WIN - 1u); z->pend += (uint32_t)k; z->outn += k;
            if (!z->len) { kinf__gz_block_end(z); }
            break;
        }
        case KINF__GZS_DYN: /* HLIT, HDIST, HCLEN */
            if (!kinf__gz_need(z, 14u)) { goto out; }
            z->nlen = kinf__gz_bits(z, 5u) + 257u; z->ndist = kinf__gz_bits(z, 5u) + 1u; z->ncode = kinf__gz_bits(z, 4u) + 4u;
            if (z->nlen > 286u || z->ndist > 30u) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "too many length or distance codes"); goto out; }
            memset(z->lens, 0, 19u);
            z->n = 0; z->st = KINF__GZS_CLENS;
            break;
        case KINF__GZS_CLENS:
            if (z->n < z->ncode) {
                if (!kinf__gz_need(z, 3u)) { goto out; }
                z->lens[kinf__gz_clorder[z->n++]] = (uint8_t)kinf__gz_bits(z, 3u);
                break;
            }
            if (kinf__gz_build(z->ccnt, z->csym, z->lens, 19u, 0) != 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad code lengths code"); goto out; }
            memset(z->lens, 0, sizeof(z->lens));
            z->n = 0; z->st = KINF__GZS_LENS;
            break;
        case KINF__GZS_LENS:
            if (z->n < z->nlen + z->ndist) {
                if ((s = kinf__gz_decode(z, z->ccnt, z->csym)) == -1) { goto out; }
                if (s < 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad code length code"); goto out; }
                if (s < 16) { z->lens[z->n++] = (uint8_t)s; }
                else { z->sym = (uint32_t)s; z->st = KINF__GZS_LENS_EXTRA; }
                break;
            }
            if (!z->lens[256]) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "no end-of-block code"); goto out; }
            if (kinf__gz_build(z->lcnt, z->lsym, z->lens, z->nlen, z->lfast) != 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad literal/length code lengths"); goto out; }
            if (kinf__gz_build(z->dcnt, z->dsym, z->lens + z->nlen, z->ndist, z->dfast) != 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad distance code lengths"); goto out; }
            z->st = KINF__GZS_CODES;
            break;
        case KINF__GZS_LENS_EXTRA: { /* 16: the last length 3-6 times; 17: 3-10 zeros; 18: 11-138 zeros */
            uint32_t nb = z->sym == 16u ? 2u : z->sym == 17u ? 3u : 7u, rep, v = 0;
            if (!kinf__gz_need(z, nb)) { goto out; }
            rep = kinf__gz_bits(z, nb) + (z->sym == 18u ? 11u : 3u);
            if (z->sym == 16u) {
                if (!z->n) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "length repeat with no length before it"); goto out; }
                v = z->lens[z->n - 1u];
            }
            if (z->n + rep > z->nlen + z->ndist) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "code lengths run past their count"); goto out; }
            while (rep--) { z->lens[z->n++] = (uint8_t)v; }
            z->st = KINF__GZS_LENS;
            break;
        }
        case KINF__GZS_CODES:
            if (!z->hlen && z->end - z->in >= 8 && z->pend <= KINF__GZ_WIN - 258u) {
                const uint8_t* at = z->in;
                uint64_t o0 = z->outn;
                if ((r = kinf__gz_fast(z)) != 0) { goto out; }
                if (z->in != at || z->outn != o0 || z->st != KINF__GZS_CODES) { break; }
            }
            if (z->pend == KINF__GZ_WIN) { goto out; } /* the window is all untaken output */
            if ((s = kinf__gz_decode(z, z->lcnt, z->lsym)) == -1) { goto out; }
            if (s < 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad literal/length code"); goto out; }
            if (s < 256) { kinf__gz_put(z, (uint32_t)s); }
            else if (s == 256) { kinf__gz_block_end(z); }
            else if (s > 285) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "length symbol 286 or 287"); goto out; }
            else { z->sym = (uint32_t)s - 257u; z->st = KINF__GZS_LEN_EXTRA; }
            break;
        case KINF__GZS_LEN_EXTRA:
            if (!kinf__gz_need(z, kinf__gz_lext[z->sym])) { goto out; }
            z->len = kinf__gz_lbase[z->sym] + kinf__gz_bits(z, kinf__gz_lext[z->sym]);
            z->st = KINF__GZS_DIST;
            break;
        case KINF__GZS_DIST:
            if ((s = kinf__gz_decode(z, z->dcnt, z->dsym)) == -1) { goto out; }
            if (s < 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad distance code"); goto out; }
            if (s > 29) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "distance symbol 30 or 31"); goto out; }
            z->sym = (uint32_t)s; z->st = KINF__GZS_DIST_EXTRA;
            break;
        case KINF__GZS_DIST_EXTRA:
            if (!kinf__gz_need(z, kinf__gz_dext[z->sym])) { goto out; }
            z->dist = kinf__gz_dbase[z->sym] + kinf__gz_bits(z, kinf__gz_dext[z->sym]);
            if (z->dist > z->outn) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "distance beyond the output so far"); goto out; }
            z->st = KINF__GZS_COPY;
            break;
        case KINF__GZS_COPY: {
            uint32_t k = KINF__GZ_WIN - z->pend, from = (z->wpos - z->dist) & (KINF__GZ_WIN - 1u);
            if (!k) { goto out; }
            if (k > z->len) { k = z->len; }
            z->len -= k; z->pend += k; z->outn += k;
            while (k--) {
                z->win[z->wpos] = z->win[from];
                z->wpos = (z->wpos + 1u) & (KINF__GZ_WIN - 1u); from = (from + 1u) & (KINF__GZ_WIN - 1u);
            }
            if (!z->len) { z->st = KINF__GZS_CODES; }
            break;
        }
        case KINF__GZS_TRAILER: /* CRC32, ISIZE */
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            if (z->n < 4u) { z->acc |= (uint32_t)c << (8u * z->n); } else { z->acc2 |= (uint32_t)c << (8u * (z->n - 4u)); }
            if (++z->n == 8u) {
                kinf__gz_crc_catch_up(z);
                if (z->acc != ~z->crc) { r = kinf__gz_fail(z, KINF__GZ_ECHECK, "CRC-32 mismatch"); goto out; }
                if (z->acc2 != (uint32_t)z->outn) { r = kinf__gz_fail(z, KINF__GZ_ECHECK, "ISIZE (length mod 2^32) mismatch"); goto out; }
                z->st = KINF__GZS_DONE;
            }
            break;
        case KINF__GZS_DONE: /* one member: anything after it is refused */
            if (z->in != z->end) { r = kinf__gz_fail(z, KINF__GZ_ETRAIL, "data after the gzip trailer"); goto out; }
            r = KINF__GZ_END;
            goto out;
        default: /* KINF__GZS_FAILED */
            r = z->err;
            goto out;
        }
    }
out:
    kinf__gz_crc_catch_up(z);
    *used = (size_t)(z->in - in);
    z->inn += *used;
    z->in = z->end = 0;
    return r;
}
/* The inflated bytes not taken yet, as much of them as lies in one piece. */
static size_t kinf__gz_out(const kinf__gz* z, const uint8_t** p) {
    uint32_t start = (z->wpos - z->pend) & (KINF__GZ_WIN - 1u), k = z->pend;
    if (k > KINF__GZ_WIN - start) { k = KINF__GZ_WIN - start; }
    *p = z->win + start;
    return k;
}
static void kinf__gz_take(kinf__gz* z, size_t n) { z->pend -= (uint32_t)n; }
#endif /* KINF_NO_GZIP */

/* >>json  A streaming JSON scanner. It frames records (each top-level value of
   a watch stream, or each element of a list's "items") into the event buffer,
   checks the structure, bounds the depth, and captures the few strings we need
   even when a record is too large to keep: type, metadata name, namespace, uid,
   resourceVersion, and the list's resourceVersion and continue. */
enum { KINF__K_OTHER = 0, KINF__K_TYPE, KINF__K_OBJECT, KINF__K_METADATA, KINF__K_NAME, KINF__K_NAMESPACE,
       KINF__K_UID, KINF__K_RV, KINF__K_CONTINUE, KINF__K_ITEMS, KINF__K_ARRAY = 0xff };
enum { KINF__CAP_TYPE = 0, KINF__CAP_NAME, KINF__CAP_NS, KINF__CAP_UID, KINF__CAP_RV, KINF__CAP_LIST_RV, KINF__CAP_CONTINUE, KINF__CAP_COUNT };
enum { KINF__X_VALUE = 0, KINF__X_KEY_OR_END, KINF__X_KEY, KINF__X_COLON, KINF__X_COMMA_OR_END, KINF__X_VALUE_OR_END, KINF__X_ROOT };
enum { KINF__S_NONE = 0, KINF__S_STR, KINF__S_ESC, KINF__S_UHEX, KINF__S_NUM, KINF__S_LIT, KINF__S_UTF8 };

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
    uint8_t sub;                  /* \u digits left; number grammar state; literal position; UTF-8 state (kinf__utf8_next) */
    uint8_t ws;                   /* whitespace seen between the tokens of the open record */
    const char* lit;              /* literal being matched: "true", "false", "null" */
    int depth, rec_base;          /* rec_base: depth of the open record's container, 0 = none */
    uint8_t ids[8];
    uint8_t arr[KINF_MAX_DEPTH];  /* 1 where the container open at that depth is an array */
    char kbuf[24];
    int cap;                      /* capture in progress, -1 none */
    /* record framing: the record's bytes are copied to ev[0..ev_len) */
    uint8_t* ev; size_t ev_cap, ev_len; uint8_t rec_over, rec_done;
    size_t ev_over;               /* with rec_over: the record's bytes that did not fit (its size: ev_len + ev_over) */
    size_t obj_start, obj_end;    /* watch: the "object" value, as offsets in ev (end 0: none) */
    uint8_t obj_dup;              /* watch: a second "object" object in the event (refused) */
    char* cbuf[KINF__CAP_COUNT]; size_t ccap[KINF__CAP_COUNT], clen[KINF__CAP_COUNT]; uint8_t cover[KINF__CAP_COUNT], cset[KINF__CAP_COUNT];
    /* the captures hold their values unescaped (kinf__scan_cap_esc): the
       escape under way (0 none, 1 after the backslash, 2..5 after that many
       \u digits less one), its code unit, and a high surrogate just written as
       U+FFFD that ends at chi_at (0 none), for a low one to pair with */
    uint8_t cesc; uint16_t cu, chi; size_t chi_at;
    size_t ccut[KINF__CAP_COUNT]; /* with cover: the bytes that did not fit (the value is clen + ccut long) */
    uint32_t items;               /* list: the elements of "items" ended so far */
} kinf__scan;

static void kinf__scan_reset(kinf__scan* s, int list_mode) {
    s->list_mode = (uint8_t)list_mode; s->st = KINF__S_NONE; s->expect = KINF__X_ROOT; s->err = 0; s->root_done = 0;
    s->depth = 0; s->rec_base = 0; s->cap = -1; s->ev_len = 0; s->ev_over = 0; s->rec_over = 0; s->rec_done = 0; s->kover = 0; s->klen = 0;
    s->sub = 0; s->ws = 0; s->lit = 0; s->obj_start = 0; s->obj_end = 0; s->whole = 0; s->drop = 0; s->obj_dup = 0;
    memset(s->ids, 0, sizeof(s->ids));
    memset(s->clen, 0, sizeof(s->clen)); memset(s->cover, 0, sizeof(s->cover)); memset(s->cset, 0, sizeof(s->cset));
    memset(s->ccut, 0, sizeof(s->ccut)); s->cesc = 0; s->chi = 0; s->items = 0;
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
/* n bytes into the capture in progress, or none if they do not all fit */
static void kinf__scan_cap_put(kinf__scan* s, const uint8_t* b, size_t n) {
    int k = s->cap;
    if (s->clen[k] + n < s->ccap[k]) { memcpy(s->cbuf[k] + s->clen[k], b, n); s->clen[k] += n; }
    else { s->cover[k] = 1; s->ccut[k] += n; }
}
static void kinf__scan_cap_esc(kinf__scan* s, uint8_t c);
/* a byte of the value being captured: a string's escape sequence goes
   through kinf__scan_cap_esc (plain runs come by kinf__scan_cap_run) */
static void kinf__scan_capc(kinf__scan* s, char c) {
    int k = s->cap;
    if (s->cesc || c == '\\') { kinf__scan_cap_esc(s, (uint8_t)c); return; }
    if (s->clen[k] + 1 < s->ccap[k]) { s->cbuf[k][s->clen[k]++] = c; }
    else { s->cover[k] = 1; s->ccut[k]++; }
}
/* A value at the list's own levels has ended: the list itself (it is
   whole), or an element of "items", which must be an object (a record).
   Any other element is an error the caller reports (s->err 3, the feed
   goes on), as a decoder of the list would refuse it. */
static void kinf__scan_list_value(kinf__scan* s) {
    if (s->depth == 0) { s->root_done = 1; return; }
    if (s->depth != 2 || s->ids[1] != KINF__K_ITEMS || !kinf__scan_is_arr(s, 2)) { return; }
    if (s->rec_base) { s->items++; }
    else if (!s->err) { s->err = 3; }
}
/* A list's "items" must be an array (or null): a value opening with c there
   that is neither fails the list (s->err 4), where a decoder would refuse it
   too, instead of a list of no objects that deletes every cached one. */
static int kinf__scan_items_bad(const kinf__scan* s, uint8_t c) {
    return s->depth == 1 && s->list_mode && s->ids[1] == KINF__K_ITEMS && c != '[' && c != 'n';
}
static void kinf__scan_value_done(kinf__scan* s, size_t pos) {
    if (s->rec_base) {
        int lv = s->depth - (s->list_mode ? 3 : 2);
        if ((lv == 0 || lv == 1) && s->mt_cur[lv] >= 0) { s->mt[s->mt_cur[lv]].ve = (uint32_t)pos; s->mt_cur[lv] = -1; }
    }
    if (s->cap >= 0) { s->cbuf[s->cap][s->clen[s->cap]] = 0; s->cset[s->cap] = 1; s->cap = -1; }
    s->expect = (s->depth == 0) ? KINF__X_ROOT : KINF__X_COMMA_OR_END;
    if (s->list_mode && s->depth <= 2) { kinf__scan_list_value(s); }
}
static void kinf__scan_value_start(kinf__scan* s) {
    int k = (s->depth < 8 && !s->drop) ? kinf__scan_cap_for(s) : -1;
    s->cap = k;
    if (k >= 0) { s->clen[k] = 0; s->cover[k] = 0; s->cset[k] = 0; s->ccut[k] = 0; s->cesc = 0; s->chi = 0; }
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
/* a function inlined at every call, or at none */
#if defined(__GNUC__)
#define KINF__SCAN_INLINE static inline __attribute__((always_inline))
#define KINF__NOINLINE __attribute__((noinline))
#else
#define KINF__SCAN_INLINE static inline
#define KINF__NOINLINE
#endif
/* UTF-8 (RFC 3629; RFC 8259 section 8.1: JSON text is UTF-8), checked in
   every string the scanner passes, a byte at a time by a small automaton:
   its state u is 0 between characters; after a lead byte, the continuation
   bytes (80..BF) still due, 1 to 3, or 4 to 7 where the first one has a
   narrower range: after E0 (A0..BF, no overlong form), ED (80..9F, no
   surrogate D800..DFFF), F0 (90..BF, no overlong form), F4 (80..8F, nothing
   above U+10FFFF). The state after byte c, or -1 where c is wrong there (a
   continuation byte first, the overlong leads C0 C1, F5..FF, a lead or an
   ASCII byte where a continuation byte is due). */
static inline int kinf__utf8_next(int u, uint8_t c) {
    /* for u 1 to 7: the first byte of the range, its width less one, the state after it */
    static const uint8_t lo[8] = { 0, 0x80, 0x80, 0x80, 0xa0, 0x80, 0x90, 0x80 }, wd[8] = { 0, 0x3f, 0x3f, 0x3f, 0x1f, 0x1f, 0x2f, 0x0f };
    static const uint8_t to[8] = { 0, 0, 1, 2, 1, 1, 2, 2 };
    if (u) { return (uint8_t)(c - lo[u]) <= wd[u] ? to[u] : -1; }
    if (c < 0xc2 || c > 0xf4) { return -1; }
    return c < 0xe0 ? 1 : c == 0xe0 ? 4 : c == 0xed ? 5 : c < 0xf0 ? 2 : c == 0xf0 ? 6 : c == 0xf4 ? 7 : 3;
}
#ifndef __OPTIMIZE_SIZE__ /* -Os: every byte >= 0x80 goes to the byte machine, in less code */
/* the length of the sequence at p[i] (a byte >= 0x80) when it is one UTF-8
   allows and all of it is in p[i..n); else 0 (wrong, or cut by the buffer's
   end: the byte machine takes it from there, a byte at a time) */
static KINF__NOINLINE size_t kinf__utf8_seq(const uint8_t* p, size_t i, size_t n) {
    size_t j = i;
    int u = 0;
    do {
        if (j >= n || (u = kinf__utf8_next(u, p[j++])) < 0) { return 0; }
    } while (u);
    return j - i;
}
#endif
/* Index of the first '"' or '\\' in p[i..n) (with ctl: or a control byte,
   or a byte >= 0x80 that does not begin a whole UTF-8 sequence allowed), or
   n: sixteen bytes at a time with SSE2, else eight with the has-zero-byte
   test, where the lowest set bit of the test names the first match exactly
   (little-endian). With ctl the bytes >= 0x80 stop the run too, and with
   ctl 1 (not at -Os) each sequence they begin is checked and passed (an
   ASCII run costs one OR); ctl 2 leaves them to the caller, so that a loop
   it is inlined in makes no call. */
static inline size_t kinf__str_run(const uint8_t* p, size_t i, size_t n, int ctl) {
    for (;;) {
#ifdef KINF__SSE2
        /* sixteen at a time where SSE2 is there (every x86-64) */
        const __m128i dq = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\'), x2 = _mm_set1_epi8(2), m21 = _mm_set1_epi8(0x21);
        while (i + 16 <= n) {
            __m128i v = _mm_loadu_si128((const __m128i*)(const void*)(p + i)), t;
            unsigned mask;
            /* with ctl: the quote, the control bytes and the bytes >= 0x80
               are the bytes that XOR 2 makes less than 0x21 as signed bytes
               (it maps 0x00-0x1f onto itself, '"' to 0x20, and 0x80-0xff,
               negative, onto 0x80-0xff): one signed compare */
            if (ctl) { t = _mm_cmpgt_epi8(m21, _mm_xor_si128(v, x2)); }
            else { t = _mm_cmpeq_epi8(v, dq); }
            mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(t, _mm_cmpeq_epi8(v, bs)));
            if (mask) { i += (size_t)__builtin_ctz(mask); goto hit; }
            i += 16;
        }
#endif
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) && !(defined(KINF__SSE2) && defined(__OPTIMIZE_SIZE__))
        /* eight at a time (with SSE2, the last fifteen or less: not at -Os) */
        {
            const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
            while (i + 8 <= n) {
                uint64_t v, q, b, t;
                memcpy(&v, p + i, 8);
                q = v ^ (ones * '"');
                b = v ^ (ones * '\\');
                t = ((q - ones) & ~q) | ((b - ones) & ~b);
                if (ctl) { t |= ((v - ones * 0x20u) & ~v) | v; }
                t &= highs;
                if (t) { i += (size_t)(__builtin_ctzll(t) >> 3); goto hit; }
                i += 8;
            }
        }
#endif
        while (i < n && p[i] != '"' && p[i] != '\\' && (!ctl || (uint8_t)(p[i] - 0x20) < 0x60)) { i++; }
        goto hit; /* where neither loop above is compiled (big-endian, no SSE2), the label is still used */
hit:
#ifndef __OPTIMIZE_SIZE__
        if (ctl == 1 && i < n && p[i] >= 0x80) {
            size_t k = kinf__utf8_seq(p, i, n);
            if (k) { i += k; continue; }
        }
#endif
        return i;
    }
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
/* the bytes of a record that did not fit, counted for the size OBJECT_TOO_LARGE
   says (not in a build without log strings, whose hot loop stays as it was) */
#ifndef KINF_NO_LOG_STRINGS
#define KINF__SCAN_OVER(s, k) ((s)->ev_over += (k))
#else
#define KINF__SCAN_OVER(s, k) ((void)0)
#endif
/* the detail of a malformed body whose scan failed with err: "not UTF-8"
   for err 5, else other (in a build without log strings always other: the
   id says malformed, in less code) */
#ifndef KINF_NO_LOG_STRINGS
#define KINF__SCAN_WHY(err, utf8, other) ((err) == 5 ? (utf8) : (other))
#else
#define KINF__SCAN_WHY(err, utf8, other) (other)
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
    if (k > s->ccap[cp] - 1 - s->clen[cp]) { s->cover[cp] = 1; s->ccut[cp] += k - (s->ccap[cp] - 1 - s->clen[cp]); k = s->ccap[cp] - 1 - s->clen[cp]; }
    memcpy(s->cbuf[cp] + s->clen[cp], src, k); s->clen[cp] += k;
}
/* A byte of an escape sequence in a captured string, as the byte machine
   meets them (it has checked them): the capture gets the character it
   stands for (RFC 8259 section 7), as UTF-8. A surrogate pair is one code
   point. A lone surrogate, and a control character (U+0000 to U+001F,
   which no name, namespace, uid or resourceVersion holds, a C string
   cannot end at and a log line should not carry), become U+FFFD, as Go's
   decoder does for the surrogate. A high surrogate is written as U+FFFD at
   once and replaced when its low one follows directly. */
static KINF__NOINLINE void kinf__scan_cap_esc(kinf__scan* s, uint8_t c) {
    static const uint8_t fffd[3] = { 0xef, 0xbf, 0xbd };
    uint8_t b[4];
    uint32_t u;
    int k = s->cap;
    if (s->cesc == 0) { s->cesc = 1; return; } /* the backslash */
    if (s->cesc == 1) {
        if (c == 'u') { s->cesc = 2; s->cu = 0; return; }
        s->cesc = 0;
        b[0] = (uint8_t)(c == 'b' ? 8 : c == 'f' ? 12 : c == 'n' ? 10 : c == 'r' ? 13 : c == 't' ? 9 : c); /* or the quote, backslash or slash itself */
        if (b[0] < 0x20) { kinf__scan_cap_put(s, fffd, 3); } else { kinf__scan_cap_put(s, b, 1); }
        return;
    }
    s->cu = (uint16_t)(s->cu * 16u + (uint32_t)kinf__hexval(c));
    if (++s->cesc < 6) { return; }
    s->cesc = 0; u = s->cu;
    if (u >= 0xdc00 && u <= 0xdfff && s->chi && s->chi_at == s->clen[k] && !s->cover[k]) {
        u = 0x10000u + (((uint32_t)s->chi - 0xd800u) << 10) + (u - 0xdc00u);
        s->chi = 0;
        if (s->clen[k] + 1 >= s->ccap[k]) { s->cover[k] = 1; s->ccut[k]++; return; } /* the pair's fourth byte */
        s->clen[k] -= 3;
        b[0] = (uint8_t)(0xf0 | (u >> 18)); b[1] = (uint8_t)(0x80 | ((u >> 12) & 0x3f));
        b[2] = (uint8_t)(0x80 | ((u >> 6) & 0x3f)); b[3] = (uint8_t)(0x80 | (u & 0x3f));
        kinf__scan_cap_put(s, b, 4);
        return;
    }
    s->chi = 0;
    if (u < 0x20 || (u >= 0xd800 && u <= 0xdfff)) {
        kinf__scan_cap_put(s, fffd, 3);
        if (u < 0xdc00 && u >= 0xd800) { s->chi = (uint16_t)u; s->chi_at = s->clen[k]; }
    } else if (u < 0x80) {
        b[0] = (uint8_t)u; kinf__scan_cap_put(s, b, 1);
    } else if (u < 0x800) {
        b[0] = (uint8_t)(0xc0 | (u >> 6)); b[1] = (uint8_t)(0x80 | (u & 0x3f)); kinf__scan_cap_put(s, b, 2);
    } else {
        b[0] = (uint8_t)(0xe0 | (u >> 12)); b[1] = (uint8_t)(0x80 | ((u >> 6) & 0x3f)); b[2] = (uint8_t)(0x80 | (u & 0x3f));
        kinf__scan_cap_put(s, b, 3);
    }
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
#if defined(KINF__SSE2) && !defined(__OPTIMIZE_SIZE__)
/* a bit for each byte of v that is no stop of a plain run (kinf__str_run's
   test with ctl: not a quote, a backslash, a control byte or a byte >=
   0x80): above 0x20 as a signed byte after XOR 2, and not a backslash. x2,
   m20 and bs: the bytes 2, 0x20 and '\\' in each lane, the caller's. In
   this form the compares need no copy of a constant (x86's overwrite their
   first operand) */
static inline unsigned kinf__plain16(__m128i v, __m128i x2, __m128i m20, __m128i bs) {
    return (unsigned)_mm_movemask_epi8(_mm_andnot_si128(_mm_cmpeq_epi8(v, bs), _mm_cmpgt_epi8(_mm_xor_si128(v, x2), m20)));
}
#endif
#ifndef __OPTIMIZE_SIZE__ /* -Os: a string with an escape goes to the byte machine */
/* the rest of a string from an escape at p[j]: past its closing quote, or 0 */
static size_t kinf__deep_escaped(const uint8_t* p, size_t j, size_t n) {
#ifdef KINF__SSE2
    /* sixteen bytes at a time: the escapes of a block are taken from its
       mask of quotes, backslashes, control bytes and bytes >= 0x80, in
       order, without loading it again after each (fieldsV1's keys:
       k:{\"type\":\"Ready\"}); a UTF-8 sequence is passed as an escape is */
    const __m128i x2 = _mm_set1_epi8(2), m20 = _mm_set1_epi8(0x20), bs = _mm_set1_epi8('\\');
    while (j + 16 <= n) {
        unsigned mask = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)(p + j)), x2, m20, bs) ^ 0xffffu; /* the stops */
        for (;;) {
            unsigned k;
            uint8_t c;
            if (!mask) { j += 16; break; }
            k = (unsigned)__builtin_ctz(mask);
            c = p[j + k];
            if (c != '\\') {
                size_t u;
                if (c < 0x80) { return c == '"' ? j + k + 1 : 0; } /* the end, or a control byte */
                if (!(u = kinf__utf8_seq(p, j + k, n))) { return 0; }
                k += (unsigned)u;
                if (k >= 16) { j += k; break; }
                mask &= ~0u << k;
                continue;
            }
            if (j + k + 1 >= n) { return 0; }
            c = p[j + k + 1];
            if (c == '"') { /* most escapes here */
                k += 2;
            } else if (c == 'u') {
                if (j + k + 6 > n || !kinf__is_hex(p[j + k + 2]) || !kinf__is_hex(p[j + k + 3]) || !kinf__is_hex(p[j + k + 4]) || !kinf__is_hex(p[j + k + 5])) { return 0; }
                k += 6;
            } else if (kinf__is_json_escape(c)) {
                k += 2;
            } else { return 0; }
            if (k >= 16) { j += k; break; }
            mask &= ~0u << k; /* what the escape covered */
        }
    }
    j = kinf__str_run(p, j, n, 1);
#endif
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
#if (defined(KINF__SSE2) || defined(KINF__NEON)) && !defined(__OPTIMIZE_SIZE__)
/* kinf__str_run near the buffer's end, out of the fast loop's way: inlined
   there, its constants took registers the loop needs */
static KINF__NOINLINE size_t kinf__str_run_end(const uint8_t* p, size_t i, size_t n) { return kinf__str_run(p, i, n, 1); }
#endif
/* The structural pass. Where SIMD is there, the runs the fast loop
   takes are read 64 bytes at a time first, as simdjson's first stage does:
   a bit per byte for quotes, backslashes, the structural bytes { } [ ] : ,,
   whitespace and control bytes; from them the escapes, the bytes inside
   strings and where each number or literal begins. Then the tokens (the
   structural bytes outside strings, the opening quotes, the first bytes of
   the numbers and literals) are stepped through the same grammar the fast
   loop and the byte machine hold: what may come next (expect), the depth,
   and whether the open container is an array. A string costs one bit; its
   bytes are checked by the masks (no control byte, each escape one JSON
   allows). It only skips what it has classified: at the first thing it
   does not accept (an error, a depth at the limit, a close back to dmin, a
   token the buffer's end may cut) it gives back the state before the
   token it was on, and the fast loop and the byte machine take it from
   there, so a malformed byte is reported by them, at the same place,
   wherever the stream was split. */
#if defined(KINF_SCAN_STRUCTURAL) && (defined(KINF__SSE2) || defined(KINF__NEON)) && !defined(__OPTIMIZE_SIZE__)
#define KINF__STRUCT 1
typedef struct kinf__cls64 { uint64_t quote, bs, op, ws, ctl, hi; } kinf__cls64;
/* the six masks of p[0..64) (hi: the bytes >= 0x80) */
static inline void kinf__classify64(const uint8_t* p, kinf__cls64* m) {
#if defined(KINF__AVX2)
    const __m256i dq = _mm256_set1_epi8('"'), bsl = _mm256_set1_epi8('\\'), b20 = _mm256_set1_epi8(0x20), m1f = _mm256_set1_epi8(0x1f);
    const __m256i ob = _mm256_set1_epi8('{'), cb = _mm256_set1_epi8('}'), cm = _mm256_set1_epi8(','), cl = _mm256_set1_epi8(':');
    const __m256i tb = _mm256_set1_epi8('\t'), lf = _mm256_set1_epi8('\n'), cr = _mm256_set1_epi8('\r');
    int h;
    m->quote = m->bs = m->op = m->ws = m->ctl = m->hi = 0;
    for (h = 0; h < 2; h++) {
        __m256i v = _mm256_loadu_si256((const __m256i*)(const void*)(p + 32 * h)), v20 = _mm256_or_si256(v, b20);
        __m256i op = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v20, ob), _mm256_cmpeq_epi8(v20, cb)),
                                     _mm256_or_si256(_mm256_cmpeq_epi8(v20, cm), _mm256_cmpeq_epi8(v20, cl)));
        __m256i ws = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, b20), _mm256_cmpeq_epi8(v, tb)),
                                     _mm256_or_si256(_mm256_cmpeq_epi8(v, lf), _mm256_cmpeq_epi8(v, cr)));
        unsigned sh = 32u * (unsigned)h;
        m->quote |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, dq)) << sh;
        m->bs |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, bsl)) << sh;
        m->op |= (uint64_t)(uint32_t)_mm256_movemask_epi8(op) << sh;
        m->ws |= (uint64_t)(uint32_t)_mm256_movemask_epi8(ws) << sh;
        m->ctl |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(v, m1f), v)) << sh;
        m->hi |= (uint64_t)(uint32_t)_mm256_movemask_epi8(v) << sh;
    }
#elif defined(KINF__SSE2)
    const __m128i dq = _mm_set1_epi8('"'), bsl = _mm_set1_epi8('\\'), b20 = _mm_set1_epi8(0x20), m1f = _mm_set1_epi8(0x1f);
    const __m128i ob = _mm_set1_epi8('{'), cb = _mm_set1_epi8('}'), cm = _mm_set1_epi8(','), cl = _mm_set1_epi8(':');
    const __m128i tb = _mm_set1_epi8('\t'), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    int h;
    m->quote = m->bs = m->op = m->ws = m->ctl = m->hi = 0;
    for (h = 0; h < 4; h++) {
        /* '[' and ']' are '{' and '}' less bit 5; ',' and ':' have it (bytes
           0x0c and 0x1a, which match too, are no token: the grammar refuses them) */
        __m128i v = _mm_loadu_si128((const __m128i*)(const void*)(p + 16 * h)), v20 = _mm_or_si128(v, b20);
        __m128i op = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v20, ob), _mm_cmpeq_epi8(v20, cb)),
                                  _mm_or_si128(_mm_cmpeq_epi8(v20, cm), _mm_cmpeq_epi8(v20, cl)));
        __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, b20), _mm_cmpeq_epi8(v, tb)),
                                  _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        unsigned sh = 16u * (unsigned)h;
        m->quote |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, dq)) << sh;
        m->bs |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, bsl)) << sh;
        m->op |= (uint64_t)(unsigned)_mm_movemask_epi8(op) << sh;
        m->ws |= (uint64_t)(unsigned)_mm_movemask_epi8(ws) << sh;
        m->ctl |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, m1f), v)) << sh;
        m->hi |= (uint64_t)(unsigned)_mm_movemask_epi8(v) << sh;
    }
#else /* NEON */
    static const uint8_t bitw[16] = { 1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128 };
    const uint8x16_t w = vld1q_u8(bitw), b20 = vdupq_n_u8(0x20);
    uint64_t r[6] = { 0, 0, 0, 0, 0, 0 };
    int h, k;
    for (h = 0; h < 4; h++) {
        uint8x16_t v = vld1q_u8(p + 16 * h), v20 = vorrq_u8(v, b20), t[6];
        t[0] = vceqq_u8(v, vdupq_n_u8('"'));
        t[1] = vceqq_u8(v, vdupq_n_u8('\\'));
        t[2] = vorrq_u8(vorrq_u8(vceqq_u8(v20, vdupq_n_u8('{')), vceqq_u8(v20, vdupq_n_u8('}'))),
                        vorrq_u8(vceqq_u8(v20, vdupq_n_u8(',')), vceqq_u8(v20, vdupq_n_u8(':'))));
        t[3] = vorrq_u8(vorrq_u8(vceqq_u8(v, b20), vceqq_u8(v, vdupq_n_u8('\t'))),
                        vorrq_u8(vceqq_u8(v, vdupq_n_u8('\n')), vceqq_u8(v, vdupq_n_u8('\r'))));
        t[4] = vcltq_u8(v, b20);
        t[5] = vcgeq_u8(v, vdupq_n_u8(0x80));
        for (k = 0; k < 6; k++) {
            /* a bit per byte: each half's bytes weighted 1..128 and summed */
            uint8x16_t x = vandq_u8(t[k], w);
            uint64_t lo = vaddv_u8(vget_low_u8(x)), hi = vaddv_u8(vget_high_u8(x));
            r[k] |= (lo | (hi << 8)) << (16 * h);
        }
    }
    m->quote = r[0]; m->bs = r[1]; m->op = r[2]; m->ws = r[3]; m->ctl = r[4]; m->hi = r[5];
#endif
}
/* each bit the XOR of it and all below it: 1 from an opening quote to the
   byte before its closing one */
static inline uint64_t kinf__prefix_xor(uint64_t x) {
    x ^= x << 1; x ^= x << 2; x ^= x << 4; x ^= x << 8; x ^= x << 16; x ^= x << 32;
    return x;
}
/* a number or literal at p[k] (its first byte a token): where it ends, if it
   is whole, one JSON allows, and followed in the buffer by a byte that may
   end it; else 0 */
static size_t kinf__scalar_end(const uint8_t* p, size_t k, size_t n) {
    uint8_t c = p[k];
    size_t j;
    if (c == 't' || c == 'n' || c == 'f') {
        size_t len = c == 'f' ? 5u : 4u;
        if (k + len >= n || memcmp(p + k + len - 4, c == 't' ? "true" : c == 'f' ? "alse" : "null", 4)) { return 0; }
        j = k + len;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        uint8_t st = kinf__num_start(c);
        for (j = k + 1; j < n; j++) {
            uint8_t nx = kinf__num_next(st, p[j]);
            if (!nx) { break; }
            st = nx;
        }
        if (j >= n || !kinf__num_accepts(st)) { return 0; }
    } else {
        return 0;
    }
    /* the next byte must start another token or be whitespace (not "truex", "1x") */
    c = kinf__cclass[p[j]];
    return (c >= KINF__C_QUOTE && c <= KINF__C_WS) ? j : 0;
}
/* From p[i], at a token boundary, with the state in s (expect, depth):
   the whole blocks of 64 bytes in p[i..n), as far as it accepts them.
   Returns where it stopped, with s->expect and s->depth there. */
static KINF__NOINLINE size_t kinf__scan_struct(kinf__scan* s, const uint8_t* p, size_t i, size_t n, int dmin) {
    int d = s->depth, in_arr = kinf__scan_is_arr(s, d), tok_d;
    uint8_t e = s->expect, tok_e;
    size_t blk = i, tok_pos = i, tok_end = i;
    uint64_t in_str = 0, esc_carry = 0, sc_carry = 0, u8_carry = 0;
    uint64_t wsacc = 0, wsblk = 0;
    if (e != KINF__X_KEY_OR_END && e != KINF__X_KEY && e != KINF__X_COLON && e != KINF__X_VALUE &&
        e != KINF__X_VALUE_OR_END && e != KINF__X_COMMA_OR_END) { return i; }
    tok_e = e; tok_d = d;
    while (blk + 64 <= n) {
        kinf__cls64 m;
        uint64_t quote, bs, instr, sc, tok, u8, err = 0, cov_next = 0, u8_next = 0;
        kinf__classify64(p + blk, &m);
        /* the escapes, in order: the byte after a backslash (and a \u's four
           hex digits) is neither a quote nor a backslash of its own */
        quote = m.quote & ~esc_carry;
        bs = m.bs & ~esc_carry;
        while (bs) {
            unsigned b = (unsigned)__builtin_ctzll(bs);
            size_t at = blk + b;
            uint64_t cov = 1, lo, hi;
            unsigned sh = b + 1;
            uint8_t c = at + 1 < n ? p[at + 1] : 0;
            if (c == 'u') {
                if (at + 6 > n || !kinf__is_hex(p[at + 2]) || !kinf__is_hex(p[at + 3]) || !kinf__is_hex(p[at + 4]) || !kinf__is_hex(p[at + 5])) {
                    err |= 1ull << b; break;
                }
                cov = 0x1f;
            } else if (!kinf__is_json_escape(c)) {
                err |= 1ull << b; break;
            }
            lo = sh < 64 ? cov << sh : 0;
            hi = cov >> (64 - sh);
            quote &= ~lo; bs &= ~(lo | (1ull << b)); cov_next |= hi;
        }
        instr = kinf__prefix_xor(quote) ^ in_str;
        err |= m.ctl & instr & ~esc_carry; /* a control byte in a string (an escaped one is refused above) */
        /* the bytes >= 0x80 in strings: each UTF-8 sequence checked whole
           (its continuation bytes, up to 3, may be in the next block); one
           outside a string is a byte no token begins with, refused below */
        u8 = m.hi & instr & ~u8_carry;
        while (u8) {
            unsigned b = (unsigned)__builtin_ctzll(u8);
            size_t k = kinf__utf8_seq(p, blk + b, n);
            uint64_t cov;
            if (!k) { err |= 1ull << b; break; }
            cov = (1ull << k) - 1;
            u8 &= ~(cov << b);
            if (b + k > 64) { u8_next = cov >> (64 - b); }
        }
        sc = ~(m.op | m.ws | quote | instr | esc_carry);
        tok = (m.op & ~instr) | (quote & instr) | (sc & ~((sc << 1) | sc_carry));
        wsblk = m.ws & ~instr; /* whitespace between tokens: the record's, up to where the pass stops */
        if (err) { tok &= (err & (0 - err)) - 1; } /* the tokens before the first error */
        while (tok) {
            unsigned b = (unsigned)__builtin_ctzll(tok);
            size_t k = blk + b;
            uint8_t c = p[k];
            tok &= tok - 1;
            tok_pos = k; tok_e = e; tok_d = d;
            switch (c) {
            case '"':
                if (e == KINF__X_KEY || e == KINF__X_KEY_OR_END) { e = KINF__X_COLON; }
                else if (e == KINF__X_VALUE || e == KINF__X_VALUE_OR_END) { e = KINF__X_COMMA_OR_END; }
                else { goto stop; }
                break;
            case ':':
                if (e != KINF__X_COLON) { goto stop; }
                e = KINF__X_VALUE;
                break;
            case ',':
                if (e != KINF__X_COMMA_OR_END) { goto stop; }
                e = in_arr ? KINF__X_VALUE : KINF__X_KEY;
                break;
            case '{': case '[':
                if ((e != KINF__X_VALUE && e != KINF__X_VALUE_OR_END) || d + 1 >= KINF_MAX_DEPTH) { goto stop; }
                d++; in_arr = c == '['; s->arr[d] = (uint8_t)in_arr;
                e = in_arr ? KINF__X_VALUE_OR_END : KINF__X_KEY_OR_END;
                break;
            case '}': case ']':
                if (d <= dmin || in_arr != (c == ']')) { goto stop; }
                if (e != KINF__X_COMMA_OR_END && e != (c == '}' ? KINF__X_KEY_OR_END : KINF__X_VALUE_OR_END)) { goto stop; }
                d--; in_arr = kinf__scan_is_arr(s, d); e = KINF__X_COMMA_OR_END;
                break;
            default: { /* a number or a literal, or a byte no token begins with */
                size_t j;
                if ((e != KINF__X_VALUE && e != KINF__X_VALUE_OR_END) || !(j = kinf__scalar_end(p, k, n))) { goto stop; }
                tok_end = j;
                e = KINF__X_COMMA_OR_END;
                break;
            }
            }
        }
        if (err) { goto stop; }
        wsacc |= wsblk; wsblk = 0;
        in_str = (uint64_t)((int64_t)instr >> 63);
        sc_carry = sc >> 63;
        esc_carry = cov_next;
        u8_carry = u8_next;
        blk += 64;
    }
    /* the blocks end inside a string, or inside a number or literal that
       goes on past them: the state before that token */
    if (in_str || tok_end > blk) { goto stop; }
    s->ws = (uint8_t)(s->ws | (wsacc != 0));
    s->depth = d; s->expect = e;
    return blk;
stop:
    if (tok_pos > blk) { wsacc |= wsblk & (tok_pos - blk >= 64 ? ~0ull : (1ull << (tok_pos - blk)) - 1u); }
    s->ws = (uint8_t)(s->ws | (wsacc != 0));
    s->depth = tok_d; s->expect = tok_e;
    return tok_pos;
}
#endif
#if (defined(KINF__SSE2) || defined(KINF__NEON)) && !defined(__OPTIMIZE_SIZE__)
#define KINF__STOP64 1
/* a bit for each byte of q[0..64) a plain run of a string stops at (a
   quote, a backslash, a control byte, a byte >= 0x80: kinf__str_run's
   test, the bytes that XOR 2 makes less than 0x21 as signed bytes, and the
   backslash), bit k for q[k] */
#if defined(KINF__SSE2) /* (with -mavx2 the compiler gives these their three-operand forms) */
/* x2, m20 and bs as kinf__plain16's, from the caller's registers (made
   here, they were loaded again at each string) */
static inline uint64_t kinf__stop64(const uint8_t* q, __m128i x2, __m128i m20, __m128i bs) {
    uint64_t ma = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)q), x2, m20, bs);
    uint64_t mb = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)(q + 16)), x2, m20, bs);
    uint64_t mc = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)(q + 32)), x2, m20, bs);
    uint64_t md = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)(q + 48)), x2, m20, bs);
    return ~(ma | mb << 16 | mc << 32 | md << 48);
}
#define KINF__STOPMASK(q) kinf__stop64((q), x2, m20, bs)
#else /* NEON (arm64): each byte's bit weighed, then added pairwise down to 8 bytes */
static inline uint64_t kinf__stop64(const uint8_t* q) {
    static const uint8_t w[16] = { 1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128 };
    const uint8x16_t x2 = vdupq_n_u8(2), bs = vdupq_n_u8('\\'), wt = vld1q_u8(w);
    const int8x16_t m21 = vdupq_n_s8(0x21);
    uint8x16_t v[4], r;
    int k;
    for (k = 0; k < 4; k++) {
        uint8x16_t a = vld1q_u8(q + 16 * k);
        v[k] = vandq_u8(vorrq_u8(vcltq_s8(vreinterpretq_s8_u8(veorq_u8(a, x2)), m21), vceqq_u8(a, bs)), wt);
    }
    r = vpaddq_u8(vpaddq_u8(v[0], v[1]), vpaddq_u8(v[2], v[3]));
    r = vpaddq_u8(r, r);
    return vgetq_lane_u64(vreinterpretq_u64_u8(r), 0);
}
#define KINF__STOPMASK(q) kinf__stop64(q)
#endif
#endif
/* its own function: inlined into its caller's caller (the engine's
   kinf__rf_advance), its loop state spills to the stack (+8 % instructions per
   watch event, docs/optimisation.md, seventh round) */
static KINF__NOINLINE size_t kinf__scan_deep(kinf__scan* s, const uint8_t* p, size_t i, size_t n, int dmin) {
    int d = s->depth, in_arr = kinf__scan_is_arr(s, d);
    uint8_t e = s->expect, c;
    size_t j;
#ifdef KINF__STOP64 /* -Os: kinf__str_run, in less code */
    /* The bytes a plain run of a string stops at as a bit mask, 64 bytes
       at a time (kinf__stop64): cur for p[blk..blk + 64), nxt for the 64
       after (made where they are all in p). A string that starts in cur's
       block ends at a shift and a bit scan of cur, with no load between:
       the next string's start is then a few cycles from this one's, where
       a 16-byte load, its compares, its mask and its scan, one string
       after the other, made a chain of about 15 (docs/optimisation.md,
       fourteenth round). A block is made once, whatever the strings in it. */
    size_t blk = (size_t)0 - 256; /* no block yet: j - blk >= 128 */
    uint64_t cur = 0, nxt = 0;
#ifdef KINF__SSE2
    __m128i x2 = _mm_set1_epi8(2), m20 = _mm_set1_epi8(0x20), bs = _mm_set1_epi8('\\');
    /* opaque to the compiler, so it keeps them in registers instead of
       loading them again at each string */
    __asm__("" : "+x"(x2), "+x"(m20), "+x"(bs));
#endif
/* j: the first byte from `from` on that a plain run stops at (a byte >=
   0x80 too: the rest of the string is kinf__deep_escaped's, no call here) */
#define KINF__DEEP_RUN(from) do { \
        j = (from); \
        for (;;) { \
            size_t o_ = j - blk; \
            if (o_ < 64) { \
                uint64_t m_ = cur >> o_; \
                if (m_) { j += (unsigned)__builtin_ctzll(m_); break; } \
                j = blk + 64; o_ = 64; \
            } \
            if (o_ < 128 && blk + 128 <= n) { /* on into the next block, made already */ \
                blk += 64; cur = nxt; \
                if (blk + 128 <= n) { nxt = KINF__STOPMASK(p + blk + 64); } \
                continue; \
            } \
            if (j + 64 > n) { j = kinf__str_run_end(p, j, n); break; } /* the buffer's last bytes */ \
            blk = j; \
            cur = KINF__STOPMASK(p + j); \
            if (j + 128 <= n) { nxt = KINF__STOPMASK(p + j + 64); } \
        } \
    } while (0)
#else
#define KINF__DEEP_RUN(from) do { j = kinf__str_run(p, (from), n, 2); } while (0) /* UTF-8: kinf__deep_escaped */
#endif
/* the rest of a string whose plain run stopped at p[j] (not a quote with
   room after it): i past its closing quote, or out with state st */
#define KINF__DEEP_STRING_END(st) do { \
        if (j < n && p[j] == '"') { i = j + 1; } \
        else if ((j = KINF__DEEP_ESCAPED(p, j, n)) != 0) { i = j; } \
        else { goto st; } \
    } while (0)
/* not the byte the state expects: whitespace is skipped and the state
   tried again, anything else stops (with the state for the byte machine) */
#define KINF__DEEP_WS(state, st) do { \
        if (kinf__cclass[p[i]] != KINF__C_WS) { goto st; } \
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
    /* Each label checks i < n, and each has a twin (_in) for the paths
       that know p[i] is there: a token's tests read a few bytes past its
       end where the buffer holds them, so the next one starts at once. */
key_or_end: /* after '{' */
    if (i >= n) { goto out_key_or_end; }
    if (p[i] == '"') { goto key_token; }
    if (p[i] == '}') { goto close; }
    KINF__DEEP_WS(key_or_end, out_key_or_end);
key: /* after ',' in an object */
    if (i >= n) { goto out_key; }
#ifndef __OPTIMIZE_SIZE__
key_in:
#endif
    if (p[i] != '"') { KINF__DEEP_WS(key, out_key); }
key_token: /* p[i] opens a key */
    KINF__DEEP_RUN(i + 1);
#ifndef __OPTIMIZE_SIZE__ /* -Os: the steps one at a time, in less code */
    if (j + 5 < n && p[j] == '"') { /* the key ends, and the next bytes are there */
#if defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
        /* "f:name":{} (most of fieldsV1): the quote, the colon and an
           empty object at once, where an object may open (the depth) */
        uint32_t w;
        memcpy(&w, p + j, 4);
        if (w == 0x7d7b3a22u && d + 1 < KINF_MAX_DEPTH) {
            i = j + 4;
            if (p[i] == ',' && p[i + 1] == '"') { i++; goto key_token; } /* and the next key (a key is in an object) */
            goto comma_or_end_in;
        }
#endif
        i = j + 1;
        if (p[i] == ':') { i++; goto value_in; }
        goto colon_in;
    }
#endif
    KINF__DEEP_STRING_END(out_key);
colon:
    if (i >= n) { goto out_colon; }
#ifndef __OPTIMIZE_SIZE__
colon_in:
#endif
    if (p[i] != ':') { KINF__DEEP_WS(colon, out_colon); }
    i++;
value:
    if (i >= n) { goto out_value; }
value_in:
    c = p[i];
    if (c == '"') { /* most values */
        KINF__DEEP_RUN(i + 1);
#ifndef __OPTIMIZE_SIZE__
        if (j + 2 < n && p[j] == '"') { /* ends, and the comma and what follows it are there */
            i = j + 1;
            if (p[i] != ',') { goto comma_or_end_in; }
            i++;
            if (in_arr) { goto value_in; }
            goto key_in;
        }
#endif
        KINF__DEEP_STRING_END(out_value);
        goto comma_or_end;
    }
    if ((c | 0x20) == '{') { /* '{' or '[' */
        if (d + 1 >= KINF_MAX_DEPTH) { goto out_value; }
        if (i + 2 < n && p[i + 1] == c + 2) { i += 2; goto comma_or_end_in; } /* {} or [] (fieldsV1's leaves): nothing inside to track */
        d++; i++;
        in_arr = c == '[';
        /* no key id for it (s->ids): the fast loop opens containers only
           below the depths whose ids are read (4 in a list item, 3 in a
           watch event: the captures, the member table, "object" and "items") */
        s->arr[d] = (uint8_t)in_arr;
        if (in_arr) { goto value_or_end; }
#ifndef __OPTIMIZE_SIZE__
        if (i < n && p[i] == '"') { goto key_token; }
#endif
        goto key_or_end;
    }
    switch (kinf__cclass[c]) {
    case KINF__C_LIT: {
        size_t k = c == 'f' ? 5u : 4u;
        /* as the byte machine: the byte after it must be here */
        if (i + k >= n || memcmp(p + i + k - 4, c == 't' ? "true" : c == 'f' ? "alse" : "null", 4)) { goto out_value; }
        i += k;
        goto comma_or_end_in;
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
        if (j >= n || !kinf__num_accepts(st)) { goto out_value; }
        i = j;
        goto comma_or_end_in;
    }
    case KINF__C_WS:
        KINF__DEEP_WS(value, out_value);
    default:
        goto out_value;
    }
value_or_end: /* after '[' */
    if (i >= n) { goto out_value_or_end; }
    if (p[i] == ']') { goto close; }
    if (kinf__cclass[p[i]] == KINF__C_WS) { KINF__DEEP_WS(value_or_end, out_value_or_end); }
    goto value_in;
comma_or_end: /* after a value */
    if (i >= n) { goto out_comma_or_end; }
comma_or_end_in:
    c = p[i];
    if (c == ',') {
        i++;
        if (in_arr) { goto value; }
        if (i < n && p[i] == '"') { goto key_token; }
        goto key;
    }
    if ((c & 0xdf) != ']') { KINF__DEEP_WS(comma_or_end, out_comma_or_end); } /* neither '}' nor ']' */
close: /* p[i] closes the container at depth d, where the state allows it */
    c = p[i];
    /* stopping here, the byte machine takes the close after a value: it
       allows one where '{' or '[' allowed it too */
    if (d <= dmin || in_arr == ((c >> 5) & 1)) { goto out_comma_or_end; } /* '}' has bit 5, ']' not */
    d--; in_arr = kinf__scan_is_arr(s, d); i++;
    goto comma_or_end;
    /* the state for the byte machine, written only when the loop stops */
out_key_or_end: e = KINF__X_KEY_OR_END; goto out;
out_key: e = KINF__X_KEY; goto out; /* also a key after '{': the same for its quote */
out_colon: e = KINF__X_COLON; goto out;
out_value: e = KINF__X_VALUE; goto out; /* also after '[', at a byte that is not ']' */
out_value_or_end: e = KINF__X_VALUE_OR_END; goto out;
out_comma_or_end: e = KINF__X_COMMA_OR_END;
out:
    s->depth = d; s->expect = e;
    return i;
#undef KINF__DEEP_RUN
#undef KINF__DEEP_STRING_END
#undef KINF__DEEP_WS
}


/* Feeds bytes; returns how many were consumed. Stops after a completed record
   (s->rec_done set) so the caller can process it, or at an error (s->err: 1
   malformed, 2 too deep, 4 a list's items that are not an array, 5 a string
   that is not UTF-8 (malformed too); 3, an element of a list's items that is
   not an object, is set without stopping the feed). Validates the whole JSON
   grammar, so a record that reaches the event buffer is valid JSON. Record
   bytes are copied in runs. */
/* Copies p[*span..upto) into the open record, when one is being kept and
   has room (else the record is marked too large), and moves *span to upto.
   Inside a dropped member nothing is copied. */
KINF__SCAN_INLINE void kinf__scan_flush(kinf__scan* s, const uint8_t* p, size_t* span, size_t upto) {
    if (s->rec_base && !s->drop && upto > *span) {
        size_t k = upto - *span;
        if (s->rec_over) { KINF__SCAN_OVER(s, k); }
        else if (k > s->ev_cap - s->ev_len) { s->rec_over = 1; KINF__SCAN_OVER(s, k); }
        else { memcpy(s->ev + s->ev_len, p + *span, k); s->ev_len += k; }
    }
    *span = upto;
}
/* An error at p[i]: what came before it goes into the record; the feed stops at i. */
KINF__SCAN_INLINE size_t kinf__scan_fail(kinf__scan* s, const uint8_t* p, size_t* span, size_t i, int e) {
    if (!s->err) { s->err = (uint8_t)e; } /* a list item not an object, met first, stays the reason */
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
        else { s->rec_over = 1; KINF__SCAN_OVER(s, 4); }
    } else {
        KINF__SCAN_OVER(s, 4);
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
            int dfast = dmin;
            if (s->whole | s->drop) { /* mostly neither */
                if (s->whole && s->whole < dfast) { dfast = s->whole; }
                if (s->drop && s->drop < dfast) { dfast = s->drop; }
            }
            if (s->depth >= dfast) {
#ifdef KINF__STRUCT
                if (n - i >= 64) { i = kinf__scan_struct(s, p, i, n, dfast); }
#endif
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
                        /* the whole buffer where the bytes are there: a copy of
                           fixed size is a few moves, not a call (past klen
                           kbuf is not read) */
                        if (i + 1 + sizeof(s->kbuf) <= n) { memcpy(s->kbuf, p + i + 1, sizeof(s->kbuf)); }
                        else { memcpy(s->kbuf, p + i + 1, k); }
                        s->klen = (uint8_t)k;
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
            else if (c >= 0x80) {
                /* a UTF-8 sequence the run did not pass (wrong, cut by the
                   buffer's end, or at -Os any): its bytes one at a time,
                   across feeds, from this one */
                s->sub = 0;
                goto utf8_byte;
            }
            goto str_byte;
        }
        case KINF__S_UTF8:
            c = p[i++];
        utf8_byte: {
            int u = kinf__utf8_next(s->sub, c);
            if (u < 0) { return kinf__scan_fail(s, p, &span, i, 5); }
            s->sub = (uint8_t)u;
            s->st = u ? KINF__S_UTF8 : KINF__S_STR;
            goto str_byte;
        }
        case KINF__S_ESC:
            c = p[i++];
            if (c == 'u') { s->st = KINF__S_UHEX; s->sub = 4; }
            else if (kinf__is_json_escape(c)) { s->st = KINF__S_STR; }
            else { return kinf__scan_fail(s, p, &span, i, 1); }
            goto str_byte;
        case KINF__S_UHEX:
            c = p[i++];
            if (!kinf__is_hex(c)) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (--s->sub == 0) { s->st = KINF__S_STR; }
        str_byte: /* a string's byte the byte machine took: into the key or the capture */
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
            if (kinf__scan_items_bad(s, c)) { return kinf__scan_fail(s, p, &span, i, 4); }
            s->cap = -1; /* a capture path holding a container: not captured */
            if (!s->rec_base && c == '{' &&
                ((!s->list_mode && s->depth == 0) ||
                 (s->list_mode && s->depth == 2 && kinf__scan_is_arr(s, 2) && s->ids[1] == KINF__K_ITEMS))) {
                s->rec_base = s->depth + 1; s->ev_len = 0; s->ev_over = 0; s->rec_over = 0; s->ws = 0;
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
                if (kinf__scan_items_bad(s, c)) { return kinf__scan_fail(s, p, &span, i, 4); }
                s->is_key = 0; kinf__scan_value_start(s);
                KINF__MT_VALUE();
                kinf__scan_drop_begin(s, p, &span, i, mt_last);
            } else { return kinf__scan_fail(s, p, &span, i, 1); }
            s->st = KINF__S_STR;
            break;
        default:
            if (s->expect != KINF__X_VALUE && s->expect != KINF__X_VALUE_OR_END) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (kinf__scan_items_bad(s, c)) { return kinf__scan_fail(s, p, &span, i, 4); }
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

/* >>log  log items: the messages and names from one X-macro, the text a
   logger gets, and why a set-up call refused */
/* The messages and the names: each set is one struct of char arrays, one
   array per item, sized to its text, with a table of 16-bit offsets into it,
   so that no table of pointers needs relocating when the program loads and no
   string literal is longer than the 4095 bytes C99 promises. */
#ifndef KINF_NO_LOG_STRINGS
#define KINF_LOGITEM_XMACRO(item, msg) char kinf__m_##item[sizeof(msg)];
typedef struct kinf__log_msgs_t { KINF_LOG_ITEMS } kinf__log_msgs_t;
#undef KINF_LOGITEM_XMACRO
#define KINF_LOGITEM_XMACRO(item, msg) msg,
static const kinf__log_msgs_t kinf__log_msgs = { KINF_LOG_ITEMS };
#undef KINF_LOGITEM_XMACRO
#define KINF_LOGITEM_XMACRO(item, msg) (uint16_t)offsetof(kinf__log_msgs_t, kinf__m_##item),
static const uint16_t kinf__log_msg_at[] = { KINF_LOG_ITEMS };
#undef KINF_LOGITEM_XMACRO
typedef char kinf__log_msg_at_fits[(sizeof(kinf__log_msgs_t) < 65536u) ? 1 : -1];
#endif
#ifdef KINF_NO_CLIENT /* the client's items are named "" */
#undef KINF_CLIENT_LOGITEM_XMACRO
#define KINF_CLIENT_LOGITEM_XMACRO(item, msg) char kinf__n_##item[1];
#endif
#define KINF_LOGITEM_XMACRO(item, msg) char kinf__n_##item[sizeof(#item)];
typedef struct kinf__log_names_t { KINF_LOG_ITEMS } kinf__log_names_t;
#undef KINF_LOGITEM_XMACRO
#ifdef KINF_NO_CLIENT
#undef KINF_CLIENT_LOGITEM_XMACRO
#define KINF_CLIENT_LOGITEM_XMACRO(item, msg) "",
#endif
#define KINF_LOGITEM_XMACRO(item, msg) #item,
static const kinf__log_names_t kinf__log_names = { KINF_LOG_ITEMS };
#undef KINF_LOGITEM_XMACRO
#ifdef KINF_NO_CLIENT
#undef KINF_CLIENT_LOGITEM_XMACRO
#define KINF_CLIENT_LOGITEM_XMACRO(item, msg) KINF_LOGITEM_XMACRO(item, msg)
#endif
#define KINF_LOGITEM_XMACRO(item, msg) (uint16_t)offsetof(kinf__log_names_t, kinf__n_##item),
static const uint16_t kinf__log_name_at[] = { KINF_LOG_ITEMS };
#undef KINF_LOGITEM_XMACRO
typedef char kinf__log_at_fits[(sizeof(kinf__log_names_t) < 65536u) ? 1 : -1];

/* Appends s to buf[o..cap-1) (a NULL s is nothing), NUL-terminates, returns
   the new length. clean: a byte outside 0x20..0x7e becomes '?', so the text
   stays one line that a terminal shows as it is. */
static size_t kinf__log_put(char* buf, size_t cap, size_t o, const char* s, int clean) {
    for (; s && *s && o + 1 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        buf[o++] = (char)(clean && (c < 0x20 || c > 0x7e) ? '?' : c);
    }
    if (o < cap) { buf[o] = 0; }
    return o;
}
/* An item's text as a logger gets it: the message, ": " and the details
   (under KINF_NO_LOG_STRINGS the details alone), after o bytes of buf. */
static size_t kinf__log_text(char* buf, size_t cap, size_t o, uint32_t item, const char* d1, const char* d2, int clean) {
#ifndef KINF_NO_LOG_STRINGS
    o = kinf__log_put(buf, cap, o, item < KINF_LOGITEM_COUNT ? (const char*)&kinf__log_msgs + kinf__log_msg_at[item] : "?", clean);
    if (d1) { o = kinf__log_put(buf, cap, o, ": ", clean); }
#else
    (void)item;
#endif
    o = kinf__log_put(buf, cap, o, d1, clean);
    return kinf__log_put(buf, cap, o, d2, clean);
}
/* The one line that says why a call refused (kinf_check's why, the
   factory's): "KINF_LOGITEM_NAME: message: details" (under
   KINF_NO_LOG_STRINGS, the details alone after the name), as snprintf
   writes (cut to cap - 1 bytes; why may be NULL when cap is 0), a byte
   outside 0x20..0x7e shown as '?'. text: the item's text as a logger got
   it, or NULL to make it from d1 and d2. */
static void kinf__why_line(char* why, size_t cap, uint32_t item, const char* text, const char* d1, const char* d2) {
    size_t n;
    if (!why) { cap = 0; }
    n = kinf__log_put(why, cap, 0, "KINF_LOGITEM_", 1);
    n = kinf__log_put(why, cap, n, kinf_log_item_name(item), 1);
#ifdef KINF_NO_LOG_STRINGS
    if (text ? text[0] != 0 : (d1 || d2)) { n = kinf__log_put(why, cap, n, ": ", 1); }
#else
    n = kinf__log_put(why, cap, n, ": ", 1);
#endif
    if (text) { kinf__log_put(why, cap, n, text, 1); } else { kinf__log_text(why, cap, n, item, d1, d2, 1); }
}
/* Why a call refused (kinf_init, kinf_check): the item, its details and the
   line that decided it. num holds a detail made of numbers. */
typedef struct kinf__why { uint32_t item, line; const char* d1; const char* d2; char num[64]; } kinf__why;
static int kinf__why_set(kinf__why* w, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    w->item = item; w->d1 = d1; w->d2 = d2; w->line = line;
    return 0;
}
#define KINF__REFUSE(w, item, d1, d2) kinf__why_set((w), KINF_LOGITEM_##item, (d1), (d2), __LINE__)

static void kinf__log2(const kinf_logger_t* lg, const char* tag, uint32_t level, uint32_t item, uint32_t line,
                       char* buf, size_t cap, const char* d1, const char* d2) {
    if (!lg || !lg->func) { return; }
    buf[0] = 0;
    kinf__log_text(buf, cap, 0, item, d1, d2, 0);
#ifndef KINF_NO_LOG_STRINGS
    lg->func(tag, level, item, buf, line, __FILE__, lg->user);
#else
    lg->func(tag, level, item, buf, line, 0, lg->user);
#endif
}
/* >>conn  One connection to the API server and one HTTP/1.1 exchange on it at
   a time: the server and its credentials, the built-in transport's socket
   and TLS, the request going out, and the response coming in -- its head,
   then its body framed by length, chunks or the close, inflated when it is
   gzip, and left in the read buffer for the owner to take. This is the
   engine every transport drives (the kinf_engine_* calls). The informer,
   discovery and the write client each embed one and give it a table of what
   differs (kinf__conn_ops): build the request, see the head, take progress
   without I/O, give an exchange up, gate what they can take now. */
typedef enum kinf__cstate { KINF__C_NONE = 0, KINF__C_WANTED, KINF__C_SEND, KINF__C_RECV } kinf__cstate;
/* Why an exchange ended without a whole response (kinf__conn_ops.lost). */
typedef enum kinf__lost {
    KINF__LOST_CLOSED = 1,        /* the peer closed (or reset) it mid exchange; not logged yet */
    KINF__LOST_FAILED,            /* the transport failed: item says how (logged) */
    KINF__LOST_IDLE,              /* silent for idle_ms; not logged yet */
    KINF__LOST_BROKEN             /* a malformed head, chunk or gzip stream (logged) */
} kinf__lost;
/* gate: a stopped owner, which wants nothing but a close */
#define KINF__HALT 0x100u
/* last_rx of an exchange begun between engine calls (kinf_client_start takes
   no clock, and an idle engine asks for no tick, so its now may be long past):
   the idle time counts from the next tick */
#define KINF__RX_UNCLOCKED UINT64_MAX
typedef struct kinf__conn_ops {
    void (*advance)(void* owner);             /* progress with no I/O: begin requests, end backoffs, take body bytes, finish responses */
    int (*build)(void* owner);                /* the request again with the token held now; 0 when it cannot be built (dealt with) */
    int (*head)(void* owner);                 /* the response head is in (resp): 0 goes on, -1 gives the exchange up (logged) */
    void (*lost)(void* owner, int why, uint32_t item);
    unsigned (*gate)(const void* owner);      /* KINF_ENG_TOKEN and _RECV when the owner can take them now; KINF__HALT */
    uint64_t (*deadline)(const void* owner);  /* the owner's own: a backoff, a resync, a round to begin */
    int (*dispatch)(void* owner);             /* queued changes to callbacks (the informer's); NULL: none */
    void (*log)(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line);
} kinf__conn_ops;
/* The built-in transport's socket: the addresses resolved, the one being
   tried, and when its connect began. */
#ifndef KINF_ENGINE_ONLY
typedef union kinf__addr { struct sockaddr sa; struct sockaddr_in in4; struct sockaddr_in6 in6; } kinf__addr;
#endif
/* An HTTP proxy's tunnel (CONNECT) in the built-in transport; KINF_NO_PROXY leaves it out */
#if !defined(KINF_ENGINE_ONLY) && !defined(KINF_NO_PROXY)
#define KINF__PROXY 1
#endif
/* connecting: 0 not, 1 the TCP connect under way; through a proxy, 2 its
   CONNECT being sent (tlen bytes in the engine's head buffer, tpos sent),
   3 its answer being read (tpos bytes of head, the last four in tend) */
typedef struct kinf__sock {
    int fd, connecting, naddr, ai;
#ifndef KINF_ENGINE_ONLY
    kinf__addr addrs[4];
    socklen_t alens[4];
#endif
#ifdef KINF__PROXY
    uint32_t tlen, tpos, tend;
#endif
    uint64_t t_connect;
} kinf__sock;
enum { KINF__HOST_BYTES = 256, KINF__HOSTHDR_BYTES = 300, KINF__TOKEN_FILE_BYTES = 512 };
/* a proxy's Basic credentials, base64: 255 bytes of user:password */
enum { KINF__PROXY_AUTH_BYTES = 344 };
#define KINF__CONN_MAGIC 0x6b636f6eu
struct kinf_engine_t {
    uint32_t magic;
    const kinf__conn_ops* ops;
    void* owner;
    /* the server and the credentials */
    char host[KINF__HOST_BYTES];
    char hosthdr[KINF__HOSTHDR_BYTES];
    uint16_t port;
#ifdef KINF__PROXY
    uint16_t proxy_port;
    char proxy_host[KINF__HOST_BYTES];   /* "": no proxy */
    char proxy_auth[KINF__PROXY_AUTH_BYTES]; /* "": none */
#endif
    uint8_t https, own_transport;
    uint8_t retry_stale;          /* a request on a kept-alive connection the server closed while idle goes again */
    uint8_t in_callback;          /* the owner runs callbacks: engine calls do nothing */
    uint8_t counts_bytes;         /* the built-in transport counts socket bytes itself (TLS records) */
    uint8_t token_due;            /* ask the driver to read the token file again (KINF_ENG_TOKEN) */
    int idle_ms, connect_ms;
    char token[KINF_MAX_TOKEN];
    char token_file[KINF__TOKEN_FILE_BYTES];
    uint64_t token_at;
    const kinf_exec_t* exec;      /* an exec credential plugin the driver runs for the token, or NULL */
    uint64_t token_exp;           /* engine time the plugin's token expires (0: not said) */
    uint32_t token_gen, req_token_gen; /* the token's version, and the one the request was built with */
    uint32_t err_item;            /* the last item logged as an error: what a failure without one was */
    uint32_t* last_error;         /* the owner's sticky error, for a refusal logged as a warning */
    const char* where;            /* the request's path for log details, or NULL */
    /* the exchange */
    int cstate;                   /* kinf__cstate */
    uint8_t conn_open, close_wanted, reusable, reused;
    uint64_t now, last_rx;        /* the time the transport gave last (ms, any epoch); the last byte moved */
    char* wbuf;                   /* the request, wlen bytes; wpos sent */
    size_t wlen, wpos;
    uint8_t* rbuf;                /* the read buffer, rcap bytes */
    size_t rcap;
    size_t dpos, dend, rend;      /* body data at dpos..dend to take; to rend, framing and data not yet decoded */
    int body_done;
    char head[KINF_MAX_HEAD_BYTES];
    size_t hlen;
    kinf__resp resp;
    kinf__chunked ch;
    int64_t body_left;
    void* gz;                     /* the owner's inflater (kinf__gz), or NULL */
    uint8_t gz_asked, gz_on;      /* the request asked for gzip; the response is gzip */
    uint64_t bytes_read, bytes_written, gz_responses, gz_in, gz_out;
    /* the built-in transport */
    kinf__sock sock;
    void* tls;                    /* kinf__tls in the owner's memory, for https:// */
    uint32_t sock_gen;            /* +1 each time the driver closes or opens the socket (kinf_engine_generation) */
    unsigned sock_told;           /* the wants desc.on_socket was last told */
    kinf_socket_cb_t on_socket;
};
static int kinf__conn_ok(const kinf_engine_t* c) { return c && c->magic == KINF__CONN_MAGIC; }
static void kinf__conn_log(kinf_engine_t* c, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    if (level <= KINF_LOG_ERROR) { c->err_item = item; }
    c->ops->log(c->owner, level, item, d1, d2, line);
}
#define KINF__CERR(c, item, d1, d2) kinf__conn_log((c), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__CWARN(c, item, d1, d2) kinf__conn_log((c), KINF_LOG_WARN, KINF_LOGITEM_##item, (d1), (d2), __LINE__)

/* >>conn request  writing a request head: bounded appends, each 0 when
   it did not fit (out stays NUL-terminated) */
static int kinf__put(char* out, size_t cap, size_t* o, const char* s) {
    size_t n = strlen(s);
    if (*o + n >= cap) { return 0; }
    memcpy(out + *o, s, n); *o += n; out[*o] = 0;
    return 1;
}
/* s percent-encoded, all but RFC 3986's unreserved bytes */
static int kinf__pct(char* out, size_t cap, size_t* o, const char* s) {
    static const char hex[] = "0123456789ABCDEF";
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.' || ch == '~') {
            if (*o + 1 >= cap) { return 0; }
            out[(*o)++] = (char)ch;
        } else {
            if (*o + 3 >= cap) { return 0; }
            out[(*o)++] = '%'; out[(*o)++] = hex[ch >> 4]; out[(*o)++] = hex[ch & 15];
        }
    }
    out[*o] = 0;
    return 1;
}
/* The rest of a request head after its request target: the version, Host,
   User-Agent, h1, the token held now, h2 (the owner's headers, each ending
   in CRLF; NULL for none), and the empty line. */
static int kinf__conn_headers(kinf_engine_t* c, char* w, size_t cap, size_t* o, const char* h1, const char* h2) {
    int ok = kinf__put(w, cap, o, " HTTP/1.1\r\nHost: ");
    ok &= kinf__put(w, cap, o, c->hosthdr);
    ok &= kinf__put(w, cap, o, "\r\nUser-Agent: kinformer/" KINF_VERSION "\r\n");
    if (h1) { ok &= kinf__put(w, cap, o, h1); }
    if (c->token[0]) {
        ok &= kinf__put(w, cap, o, "Authorization: Bearer ");
        ok &= kinf__put(w, cap, o, c->token);
        ok &= kinf__put(w, cap, o, "\r\n");
    }
    if (h2) { ok &= kinf__put(w, cap, o, h2); }
    ok &= kinf__put(w, cap, o, "\r\n");
    c->req_token_gen = c->token_gen;
    return ok;
}

/* >>conn exchange */
/* Gives the connection up: the transport is asked to close it. */
static void kinf__conn_drop(kinf_engine_t* c) {
    if (c->conn_open) { c->close_wanted = 1; }
    c->conn_open = 0; c->reusable = 0;
    c->cstate = KINF__C_NONE;
}
static void kinf__conn_window_clear(kinf_engine_t* c) { c->dpos = c->dend = c->rend = 0; }
/* A request whose bytes the owner has built goes out: on the kept-alive
   connection when there is one, else on a new one. The response state
   starts over. */
static void kinf__conn_start(kinf_engine_t* c) {
    memset(&c->resp, 0, sizeof(c->resp));
    memset(&c->ch, 0, sizeof(c->ch));
    c->hlen = 0; c->body_done = 0; c->gz_on = 0;
    kinf__conn_window_clear(c);
    c->last_rx = c->now;
    c->reused = c->conn_open && c->reusable;
    if (c->reused) { c->cstate = KINF__C_SEND; return; }
    kinf__conn_drop(c);
    c->cstate = KINF__C_WANTED;
}
/* A kept-alive connection that the server closed while idle (a restart, a
   proxy's timeout) ends the request before any byte of a response: the same
   request goes again on a new connection, as HTTP clients do. 1 when that
   is the case (owners that set retry_stale only). */
static int kinf__conn_stale(kinf_engine_t* c) {
#if defined(KINF_NO_FACTORY) && defined(KINF_NO_CLIENT)
    (void)c;
    return 0; /* the informer does not retry: a cut watch resumes, a cut list starts over */
#else
    if (!c->retry_stale || !c->reused || c->resp.head_done || c->hlen || (c->cstate != KINF__C_SEND && c->cstate != KINF__C_RECV)) { return 0; }
    c->reused = 0;
    c->conn_open = 0; c->reusable = 0; c->close_wanted = 0;
    c->wpos = 0;
    c->cstate = KINF__C_WANTED;
    return 1;
#endif
}
/* Bytes read that the owner has not taken yet (held back, or to decode). */
static int kinf__conn_pending(const kinf_engine_t* c) {
#ifndef KINF_NO_GZIP
    if (c->gz_on && ((const kinf__gz*)c->gz)->pend) { return 1; } /* inflated, not taken */
#endif
    return c->dpos < c->rend;
}
/* The chunked framing from dend up to the next data, and that data (as much
   of it as was read) as dpos..dend, in place. 0, or -1 for a bad chunk
   (logged). Each call moves on by at least a byte. */
static int kinf__conn_chunk(kinf_engine_t* c) {
    size_t i = c->dend;
    long k = kinf__chunked_frame(&c->ch, c->rbuf, &i, c->rend);
    if (k < 0) { KINF__CERR(c, HTTP_BAD_CHUNK, c->where, 0); return -1; }
    if (c->ch.done) { c->body_done = 1; } /* the framing step has passed the bytes after the end */
    c->dpos = i; c->dend = i + (size_t)k;
    return 0;
}
/* The next body bytes to take: *src and their count; 0 when a framing (or
   inflating) step was made and none is ready yet -- call again while
   kinf__conn_pending; -1 when the body is malformed (logged). */
static long kinf__conn_next(kinf_engine_t* c, const uint8_t** src) {
#ifndef KINF_NO_GZIP
    if (c->gz_on) {
        kinf__gz* z = (kinf__gz*)c->gz;
        size_t used;
        int r;
        if (z->pend) { return (long)kinf__gz_out(z, src); }
        if (c->dpos >= c->dend) { return kinf__conn_chunk(c) ? -1 : 0; }
        r = kinf__gz_inflate(z, c->rbuf + c->dpos, c->dend - c->dpos, &used);
        c->dpos += used;
        c->gz_in += used;
        if (r == KINF__GZ_ECHECK) { KINF__CERR(c, GZIP_CHECK_FAILED, z->why, 0); return -1; }
        if (r < 0) { KINF__CERR(c, GZIP_MALFORMED, z->why, 0); return -1; }
        return 0;
    }
#endif
    if (c->dpos >= c->dend) { return kinf__conn_chunk(c) ? -1 : 0; }
    *src = c->rbuf + c->dpos;
    return (long)(c->dend - c->dpos);
}
/* n of the bytes kinf__conn_next gave were taken */
static void kinf__conn_take(kinf_engine_t* c, size_t n) {
#ifndef KINF_NO_GZIP
    if (c->gz_on) { kinf__gz_take((kinf__gz*)c->gz, n); c->gz_out += n; return; }
#endif
    c->dpos += n;
}
#if !defined(KINF_NO_FACTORY) || !defined(KINF_NO_CLIENT)
/* Hands every body byte read so far to take(owner, bytes, n), which takes
   them all or refuses: the loop of an owner that holds nothing back (the
   informer's has backpressure, kinf__rf_consume). 0; -1 for a malformed
   body (logged); -2 when take refused. */
static int kinf__conn_drain(kinf_engine_t* c, int (*take)(void* owner, const uint8_t* b, size_t n), void* owner) {
    while (kinf__conn_pending(c)) {
        const uint8_t* b = 0;
        long k = kinf__conn_next(c, &b);
        if (k < 0) { return -1; }
        if (k > 0) {
            if (take(owner, b, (size_t)k) != 0) { return -2; }
            kinf__conn_take(c, (size_t)k);
        }
    }
    return 0;
}
#endif
/* The body ended: 0, or -1 when its gzip stream did not (logged). */
static int kinf__conn_body_end(kinf_engine_t* c) {
#ifndef KINF_NO_GZIP
    if (c->gz_on && ((const kinf__gz*)c->gz)->st != KINF__GZS_DONE) { KINF__CERR(c, GZIP_TRUNCATED, 0, 0); return -1; }
#endif
    (void)c;
    return 0;
}
/* Freshly read bytes rbuf[0..n): the head, read byte by byte into head[]
   (interim 1xx heads skipped), then the body's window. 0, or -1 when the
   exchange is broken (logged). */
static int kinf__conn_ingest(kinf_engine_t* c, size_t n) {
    size_t p = 0, dn;
    uint32_t item = 0;
    if (!c->resp.head_done) {
        while (p < n) {
            char ch = (char)c->rbuf[p++];
            if (c->hlen >= sizeof(c->head)) { KINF__CERR(c, HTTP_HEAD_TOO_LARGE, c->where, 0); return -1; }
            c->head[c->hlen++] = ch;
            if (ch == '\n' && ((c->hlen >= 4 && !memcmp(c->head + c->hlen - 4, "\r\n\r\n", 4)) ||
                               (c->hlen >= 2 && c->head[c->hlen - 2] == '\n'))) {
                if (kinf__http_parse_head(c->head, c->hlen, &c->resp, &item) != KINF_OK) {
                    kinf__conn_log(c, KINF_LOG_ERROR, item, c->where, 0, __LINE__);
                    return -1;
                }
                if (c->resp.status >= 100 && c->resp.status < 200) { c->hlen = 0; continue; } /* interim */
                c->resp.head_done = 1;
                c->body_left = c->resp.clen;
                c->gz_on = 0;
                if (c->resp.gzip) { /* only where it was asked for */
#ifndef KINF_NO_GZIP
                    if (c->gz && c->gz_asked) { kinf__gz_reset((kinf__gz*)c->gz); c->gz_on = 1; c->gz_responses++; } else
#endif
                    { KINF__CERR(c, HTTP_UNSUPPORTED_ENCODING, "Content-Encoding: gzip", " (not asked for)"); return -1; }
                }
                if (c->ops->head(c->owner) != 0) { return -1; }
                if (c->resp.clen == 0) { c->body_done = 1; }
                break;
            }
        }
        if (!c->resp.head_done) { kinf__conn_window_clear(c); return 0; }
    }
    dn = n - p;
    if (c->resp.chunked) { /* decoded as it is taken (kinf__conn_chunk): the data stays where it is */
        c->dpos = c->dend = p; c->rend = n;
        return 0;
    }
    if (c->body_left >= 0) {
        if ((int64_t)dn >= c->body_left) { dn = (size_t)c->body_left; c->body_done = 1; }
        c->body_left -= (int64_t)dn;
    }
    c->dpos = p; c->dend = c->rend = p + dn;
    return 0;
}
/* The response's Retry-After (seconds; an HTTP-date reads as none) in ms,
   at most cap_ms; -1 when it has none. */
static int64_t kinf__conn_retry_after_ms(const kinf_engine_t* c, int64_t cap_ms) {
    int64_t s = c->resp.retry_after;
    if (s < 0) { return -1; }
    return s > cap_ms / 1000 ? cap_ms : s * 1000;
}
/* The response was read to its end: whether its connection can carry the next request. */
static void kinf__conn_finished(kinf_engine_t* c) {
    c->reusable = !c->resp.conn_close && (c->resp.chunked || c->resp.clen >= 0);
}
/* The token is to be had again: a token file every 60 s and after a 401; an
   exec plugin's after a 401 and 10 s before it expires (but not within 10 s
   of the last run: a plugin that hands out a token about to expire is not
   run in a loop) */
#define KINF__EXEC_EARLY_MS 10000u
static int kinf__conn_token_stale(const kinf_engine_t* c) {
    if (c->exec) { return c->token_due || (c->token_exp && c->now + KINF__EXEC_EARLY_MS >= c->token_exp && c->now - c->token_at >= KINF__EXEC_EARLY_MS); }
    return c->token_file[0] && (c->token_due || c->now - c->token_at >= 60000u);
}
/* a 401 makes a token due again: a file's, or a plugin's */
static void kinf__conn_unauthorized(kinf_engine_t* c) { if (c->token_file[0] || c->exec) { c->token_due = 1; } }
/* Takes a new token (NULL keeps the one held). A bad one is logged as a
   warning and refused: KINF_OK, or the item. */
static uint32_t kinf__conn_set_token(kinf_engine_t* c, const char* token, uint64_t now_ms) {
    size_t n;
    c->now = now_ms;
    c->token_at = now_ms; c->token_due = 0;
    if (!token) { return KINF_LOGITEM_OK; }
    for (n = 0; n < KINF_MAX_TOKEN && token[n]; n++) { }
    if (n >= KINF_MAX_TOKEN) { KINF__CWARN(c, TOKEN_TOO_LONG, c->token_file, 0); return KINF_LOGITEM_TOKEN_TOO_LONG; }
    if (!n || !kinf__visible_ascii(token)) { KINF__CWARN(c, TOKEN_INVALID, c->token_file, 0); return KINF_LOGITEM_TOKEN_INVALID; }
    if (strcmp(c->token, token) != 0) { memcpy(c->token, token, n + 1); c->token_gen++; }
    return KINF_LOGITEM_OK;
}
static unsigned kinf__conn_state(const kinf_engine_t* c) {
    unsigned g = c->ops->gate(c->owner), st = 0;
    if (g & KINF__HALT) { return c->close_wanted ? (unsigned)KINF_ENG_CLOSE : 0u; }
    if (c->close_wanted) { st |= KINF_ENG_CLOSE; }
    if ((g & KINF_ENG_TOKEN) && kinf__conn_token_stale(c)) { st |= KINF_ENG_TOKEN; }
    if (c->cstate == KINF__C_WANTED) { st |= KINF_ENG_CONNECT; }
    else if (c->cstate == KINF__C_SEND) { st |= KINF_ENG_SEND; }
    else if (c->cstate == KINF__C_RECV && !kinf__conn_pending(c) && !c->body_done && (g & KINF_ENG_RECV)) { st |= KINF_ENG_RECV; }
    return st;
}
/* Silent for idle_ms: a request that cannot be sent, or a response that
   sends nothing (bytes held back by the owner are not the server's silence). */
static int kinf__conn_idle(const kinf_engine_t* c) {
    if (c->cstate != KINF__C_SEND && (c->cstate != KINF__C_RECV || kinf__conn_pending(c))) { return 0; }
    return c->now > c->last_rx && c->now - c->last_rx >= (uint64_t)c->idle_ms;
}
/* The peer closed, or the transport failed: 1 when the owner was told. */
static void kinf__conn_down(kinf_engine_t* c, int why, uint32_t item) {
    int mid = c->cstate == KINF__C_SEND || c->cstate == KINF__C_RECV;
    c->close_wanted = 0; c->conn_open = 0; c->reusable = 0;
    if (why == KINF__LOST_CLOSED) {
        if (!mid) { return; }
        if (c->cstate == KINF__C_RECV && c->resp.head_done && !c->resp.chunked && c->resp.clen < 0) {
            c->body_done = 1; kinf__conn_window_clear(c); /* a body read to the close */
            c->ops->advance(c->owner);
            return;
        }
    }
    c->ops->lost(c->owner, why, item);
}

/* >>conn engine  the public engine calls: a transport drives any owner's
   connection through these (see API, "The engine"); the built-in driver is
   one such transport. A call made from a callback does nothing, and says so. */
static int kinf__conn_busy(kinf_engine_t* c, const char* call) {
    if (!c->in_callback) { return 0; }
    KINF__CERR(c, IN_CALLBACK, call, 0);
    return 1;
}
KINF_API kinf_server_t kinf_engine_server(kinf_engine_t* e) {
    kinf_server_t s;
    memset(&s, 0, sizeof(s));
    if (kinf__conn_ok(e)) { s.host = e->host; s.port = e->port; s.https = e->https; }
    return s;
}
KINF_API unsigned kinf_engine_state(kinf_engine_t* e) { return kinf__conn_ok(e) ? kinf__conn_state(e) : 0u; }
KINF_API uint32_t kinf_engine_generation(kinf_engine_t* e) { return kinf__conn_ok(e) ? e->sock_gen : 0u; }
KINF_API unsigned kinf_engine_tick(kinf_engine_t* e, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_tick")) { return 0; }
    e->now = now_ms;
    if (e->last_rx == KINF__RX_UNCLOCKED) { e->last_rx = now_ms; }
    e->ops->advance(e->owner);
    if (!(e->ops->gate(e->owner) & KINF__HALT) && kinf__conn_idle(e)) {
        e->ops->lost(e->owner, KINF__LOST_IDLE, KINF_LOGITEM_IDLE_TIMEOUT);
        e->ops->advance(e->owner); /* a silent watch resumes at once */
    }
    return kinf__conn_state(e);
}
KINF_API uint64_t kinf_engine_deadline(kinf_engine_t* e) {
    uint64_t dl = UINT64_MAX, o;
    if (!kinf__conn_ok(e)) { return UINT64_MAX; }
    if (e->ops->gate(e->owner) & KINF__HALT) { return e->close_wanted ? e->now : UINT64_MAX; }
    if (e->close_wanted || (kinf__conn_state(e) & KINF_ENG_TOKEN)) { return e->now; }
    if (e->cstate == KINF__C_RECV && (kinf__conn_pending(e) || e->body_done)) { return e->now; }
    if (e->cstate == KINF__C_SEND || e->cstate == KINF__C_RECV) { dl = e->last_rx == KINF__RX_UNCLOCKED ? e->now : e->last_rx + (uint64_t)e->idle_ms; }
    o = e->ops->deadline(e->owner);
    return o < dl ? o : dl;
}
KINF_API const uint8_t* kinf_engine_sendbuf(kinf_engine_t* e, size_t* len) {
    if (len) { *len = 0; }
    if (!kinf__conn_ok(e)) { return 0; }
    if (!len) { KINF__CERR(e, BAD_ARGUMENT, "kinf_engine_sendbuf", ": len is NULL"); return 0; }
    if ((e->ops->gate(e->owner) & KINF__HALT) || e->cstate != KINF__C_SEND) { return 0; }
    /* a token read since the request was built goes into it, if none of it is sent */
    if (e->req_token_gen != e->token_gen && e->wpos == 0 && !e->ops->build(e->owner)) { return 0; }
    *len = e->wlen - e->wpos;
    return (const uint8_t*)e->wbuf + e->wpos;
}
KINF_API void kinf_engine_sent(kinf_engine_t* e, size_t n, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_sent")) { return; }
    if (e->cstate != KINF__C_SEND) { KINF__CERR(e, ENGINE_OUT_OF_TURN, "kinf_engine_sent", ": no request is being sent"); return; }
    e->now = now_ms;
    if (n > e->wlen - e->wpos) { KINF__CERR(e, BAD_ARGUMENT, "kinf_engine_sent", ": n is more than kinf_engine_sendbuf gave"); n = e->wlen - e->wpos; }
    e->wpos += n;
    if (!e->counts_bytes) { e->bytes_written += n; }
    e->last_rx = now_ms;
    if (e->wpos == e->wlen) { e->cstate = KINF__C_RECV; }
}
KINF_API uint8_t* kinf_engine_recvbuf(kinf_engine_t* e, size_t* cap) {
    if (cap) { *cap = 0; }
    if (!kinf__conn_ok(e)) { return 0; }
    if (!cap) { KINF__CERR(e, BAD_ARGUMENT, "kinf_engine_recvbuf", ": cap is NULL"); return 0; }
    if (!(kinf__conn_state(e) & KINF_ENG_RECV)) { return 0; }
    *cap = e->rcap;
    return e->rbuf;
}
KINF_API void kinf_engine_recvd(kinf_engine_t* e, size_t n, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || n == 0 || kinf__conn_busy(e, "kinf_engine_recvd")) { return; }
    if (e->ops->gate(e->owner) & KINF__HALT) { return; } /* a read that was under way when the owner stopped */
    if (!(kinf__conn_state(e) & KINF_ENG_RECV)) { KINF__CERR(e, ENGINE_OUT_OF_TURN, "kinf_engine_recvd", ": the engine wants no bytes now (the bytes are dropped)"); return; }
    e->now = now_ms;
    if (n > e->rcap) { KINF__CERR(e, BAD_ARGUMENT, "kinf_engine_recvd", ": n is more than kinf_engine_recvbuf's cap"); n = e->rcap; }
    e->last_rx = now_ms;
    if (!e->counts_bytes) { e->bytes_read += n; }
    if (kinf__conn_ingest(e, n) != 0) { e->ops->lost(e->owner, KINF__LOST_BROKEN, e->err_item); return; }
    e->ops->advance(e->owner);
}
KINF_API void kinf_engine_connected(kinf_engine_t* e, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_connected")) { return; }
    if (e->cstate != KINF__C_WANTED) { KINF__CERR(e, ENGINE_OUT_OF_TURN, "kinf_engine_connected", ": no connection was asked for"); return; }
    e->now = now_ms;
    e->conn_open = 1;
    e->cstate = KINF__C_SEND;
    e->last_rx = now_ms;
}
KINF_API void kinf_engine_closed(kinf_engine_t* e, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_closed")) { return; }
    e->now = now_ms;
    if (e->close_wanted) { e->close_wanted = 0; return; }
    if (kinf__conn_stale(e)) { return; }
    kinf__conn_down(e, KINF__LOST_CLOSED, 0);
}
KINF_API void kinf_engine_failed(kinf_engine_t* e, uint32_t item, const char* detail, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_failed")) { return; }
    e->now = now_ms;
    if (kinf__conn_stale(e)) { return; } /* a reset of an idle kept-alive connection: not worth a line */
    if (item >= KINF_LOGITEM_COUNT) { item = KINF_LOGITEM_IO_ERROR; }
    if (item) { kinf__conn_log(e, KINF_LOG_ERROR, item, detail, 0, __LINE__); }
    kinf__conn_down(e, KINF__LOST_FAILED, item ? item : e->err_item ? e->err_item : (uint32_t)KINF_LOGITEM_IO_ERROR);
}
KINF_API int kinf_engine_set_token(kinf_engine_t* e, const char* token, uint64_t now_ms) {
    uint32_t item;
    if (!kinf__conn_ok(e)) { return KINF_ERR_INVAL; }
    item = kinf__conn_set_token(e, token, now_ms);
    if (item == KINF_LOGITEM_OK) { return KINF_OK; }
    if (e->last_error) { *e->last_error = item; } /* the refusal is the owner's sticky error */
    return KINF_ERR_INVAL;
}
KINF_API int kinf_engine_dispatch(kinf_engine_t* e, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || !e->ops->dispatch || kinf__conn_busy(e, "kinf_engine_dispatch")) { return 0; }
    e->now = now_ms;
    return e->ops->dispatch(e->owner);
}

/* >>tls  BearSSL over the same non-blocking socket. Its context, trust
   anchors, client chain and key, and the record buffers live in the caller's
   memory (KINF_TLS_BYTES, reserved only for https:// servers). */
#ifdef KINF_TLS_BEARSSL
#define KINF__TLS_EE_BYTES 8192
typedef struct kinf__xwrap {
    const br_x509_class* vtable;
    struct kinf__tls* t;
} kinf__xwrap;
/* Loading PEM: the decoders and what was taken. The objects go into the TLS
   block blk; kinf_check's loader has none, and decodes and counts only. */
typedef struct kinf__tls_ld {
    br_x509_decoder_context xd;
    br_skey_decoder_context sk;
    br_pem_decoder_context pem;
    struct kinf__tls* blk;
    size_t nta, nchain, alen, clen, obj_start;
    size_t max_cas, anchor_cap;   /* the trust store's bounds (desc.tls_max_cas, tls_anchor_bytes) */
    int obj_over, have_key;
} kinf__tls_ld;
typedef struct kinf__tls {
    br_ssl_client_context cc;
    br_x509_minimal_context xc;
    kinf__xwrap xw;
    kinf__tls_ld ld;
    br_x509_trust_anchor* ta;     /* tls_max_cas of them, after the struct */
    br_x509_certificate chain[KINF_TLS_MAX_CHAIN];
    size_t ee_len;
    int64_t (*time_fn)(void* user);  /* desc.tls_time, or 0: the system clock */
    void* time_user;
    int insecure, check_ip, iplen, cert_idx, ee_over, rx_bytes, handshaken;
    uint64_t client_sum;          /* the exec plugin's pair held (kinf__tls_client_sum), 0: none */
    unsigned char ip[16];
    unsigned char rx_head[5];
    char sni[256];
    unsigned char* anchors;       /* tls_anchor_bytes: the anchors' names and keys, after ta */
    unsigned char chainbuf[KINF_TLS_CHAIN_BYTES];
    unsigned char ee[KINF__TLS_EE_BYTES];
    unsigned char iobuf[BR_SSL_BUFSIZE_BIDI];
} kinf__tls;
/* The block: the struct, then the trust store, sized by the connection's
   desc (the defaults applied): tls_max_cas anchors and tls_anchor_bytes for
   their names and keys. At the defaults it fits KINF_TLS_BYTES, and each
   anchor slot fits KINF_TLS_ANCHOR_SLOT_BYTES (KINF_TLS_BYTES_FOR). */
typedef char kinf__tls_fits[(((sizeof(kinf__tls) + 7u) & ~(size_t)7u) + KINF_TLS_MAX_CAS * sizeof(br_x509_trust_anchor) +
                             KINF_TLS_ANCHOR_BYTES + 16 <= KINF_TLS_BYTES && sizeof(br_x509_trust_anchor) <= KINF_TLS_ANCHOR_SLOT_BYTES) ? 1 : -1];
static size_t kinf__tls_size(const kinf_conn_desc_t* d) {
    return kinf__align8(sizeof(kinf__tls)) + kinf__align8((size_t)d->tls_max_cas * sizeof(br_x509_trust_anchor)) + kinf__align8(d->tls_anchor_bytes);
}

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
        br_x509_decoder_init(&t->ld.xd, 0, 0);
        br_x509_decoder_push(&t->ld.xd, t->ee, t->ee_len);
        return br_x509_decoder_get_pkey(&t->ld.xd) ? 0u : (unsigned)br_x509_decoder_last_error(&t->ld.xd);
    }
    r = t->xc.vtable->end_chain(&t->xc.vtable);
    if (r == 0 && t->check_ip && (t->ee_over || !kinf__cert_has_ip(t->ee, t->ee_len, t->ip, t->iplen))) { r = BR_ERR_X509_BAD_SERVER_NAME; }
    return r;
}
static const br_x509_pkey* kinf__xw_get_pkey(const br_x509_class* const* ctx, unsigned* usages) {
    kinf__tls* t = ((const kinf__xwrap*)(const void*)ctx)->t;
    if (t->insecure) {
        if (usages) { *usages = BR_KEYTYPE_KEYX | BR_KEYTYPE_SIGN; }
        return br_x509_decoder_get_pkey(&t->ld.xd);
    }
    return t->xc.vtable->get_pkey(&t->xc.vtable, usages);
}
static const br_x509_class kinf__xw_vtable = {
    sizeof(kinf__xwrap), kinf__xw_start_chain, kinf__xw_start_cert, kinf__xw_append,
    kinf__xw_end_cert, kinf__xw_end_chain, kinf__xw_get_pkey
};

/* PEM objects into anchors, the client chain, or the client key (in the
   block; with no block, only their sizes are counted against the caps) */
enum { KINF__PEM_CA = 0, KINF__PEM_CHAIN, KINF__PEM_KEY };
static void kinf__tls_dn(void* ctx, const void* buf, size_t len) {
    kinf__tls_ld* t = (kinf__tls_ld*)ctx;
    if (len > t->anchor_cap - t->alen) { t->obj_over = 1; return; }
    if (t->blk) { memcpy(t->blk->anchors + t->alen, buf, len); }
    t->alen += len;
}
static void kinf__tls_x509_push(void* ctx, const void* buf, size_t len) {
    kinf__tls_ld* t = (kinf__tls_ld*)ctx;
    if (t->xd.err == 0) { br_x509_decoder_push(&t->xd, buf, len); } /* BearSSL 0.6 must not be fed after an error */
}
static void kinf__tls_key_push(void* ctx, const void* buf, size_t len) {
    kinf__tls_ld* t = (kinf__tls_ld*)ctx;
    if (t->sk.err == 0) { br_skey_decoder_push(&t->sk, buf, len); }
}
static void kinf__tls_chain_push(void* ctx, const void* buf, size_t len) {
    kinf__tls_ld* t = (kinf__tls_ld*)ctx;
    if (t->nchain == 0) { kinf__tls_x509_push(ctx, buf, len); } /* the leaf, decoded for its public key */
    if (len > KINF_TLS_CHAIN_BYTES - t->clen) { t->obj_over = 1; return; }
    if (t->blk) { memcpy(t->blk->chainbuf + t->clen, buf, len); }
    t->clen += len;
}
static int kinf__tls_keep(kinf__tls_ld* t, const void* src, size_t len, unsigned char** out) {
    if (len > t->anchor_cap - t->alen) { t->obj_over = 1; return 0; }
    *out = 0;
    if (t->blk) { memcpy(t->blk->anchors + t->alen, src, len); *out = t->blk->anchors + t->alen; }
    t->alen += len;
    return 1;
}
static int kinf__tls_pem_begin(kinf__tls_ld* t, int kind, const char* name) {
    int cert = !strcmp(name, "CERTIFICATE") || !strcmp(name, "X509 CERTIFICATE") || !strcmp(name, "TRUSTED CERTIFICATE");
    if (kind == KINF__PEM_CA && cert) {
        if (t->nta >= t->max_cas) { t->obj_over = 1; return 0; }
        t->obj_start = t->alen;
        br_x509_decoder_init(&t->xd, kinf__tls_dn, t);
        br_pem_decoder_setdest(&t->pem, kinf__tls_x509_push, t);
        return 1;
    }
    if (kind == KINF__PEM_CHAIN && cert) {
        if (t->nchain >= KINF_TLS_MAX_CHAIN) { t->obj_over = 1; return 0; }
        t->obj_start = t->clen;
        if (t->nchain == 0) { br_x509_decoder_init(&t->xd, 0, 0); }
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
static int kinf__tls_pem_end(kinf__tls_ld* t, int kind) {
    if (t->obj_over) { return 0; }
    if (kind == KINF__PEM_CA) {
        br_x509_trust_anchor counted; /* with no block: filled in and dropped */
        br_x509_trust_anchor* ta = t->blk ? &t->blk->ta[t->nta] : &counted;
        const br_x509_pkey* pk = br_x509_decoder_get_pkey(&t->xd);
        if (!pk) { return 0; }
        ta->dn.data = t->blk ? t->blk->anchors + t->obj_start : 0;
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
        if (t->blk) {
            t->blk->chain[t->nchain].data = t->blk->chainbuf + t->obj_start;
            t->blk->chain[t->nchain].data_len = t->clen - t->obj_start;
        }
        t->nchain++;
        return 1;
    }
    if (br_skey_decoder_last_error(&t->sk) != 0) { return 0; }
    t->have_key = br_skey_decoder_key_type(&t->sk);
    return t->have_key != 0;
}
/* Loads PEM from a file (read in small pieces) or from memory. Returns the
   number of objects taken, or -1 on a bad object / size cap / unreadable file. */
static int kinf__tls_pem_load(kinf__tls_ld* t, const char* file, const void* data, size_t len, int kind, int* too_large) {
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

static void kinf__tls_fail_item(kinf_engine_t* c, kinf__tls* t, int err) {
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
        if ((alert >= 42 && alert <= 46) || alert == 48 || alert == 49 || alert == 116 || (alert == 40 && t->ld.have_key)) {
            item = KINF_LOGITEM_TLS_CLIENT_CERT_REJECTED;
            if (c->exec) { c->token_due = 1; } /* the plugin runs again for another certificate */
        }
    }
    {
        char d[64];
        d[0] = 0;
        kinf__cat(d, sizeof(d), " (BearSSL error ");
        kinf__cat(d, sizeof(d), kinf__utoa(num, (uint64_t)(err < 0 ? 0 : err)));
        kinf__cat(d, sizeof(d), ")");
        kinf__conn_log(c, KINF_LOG_ERROR, item, c->host, d, __LINE__);
    }
}
/* Moves records between the engine and the socket as far as it can now.
   Returns 0, -1 at a clean close, -2 on an error (logged). */
static int kinf__tls_pump(kinf_engine_t* c, int want_read) {
    kinf__tls* t = (kinf__tls*)c->tls;
    br_ssl_engine_context* e = &t->cc.eng;
    int i;
    for (i = 0; i < 64; i++) {
        unsigned st = br_ssl_engine_current_state(e);
        if (st == BR_SSL_CLOSED) {
            int err = br_ssl_engine_last_error(e);
            if (err == BR_ERR_OK && t->handshaken) { return -1; }
            kinf__tls_fail_item(c, t, err);
            return -2;
        }
        if ((st & BR_SSL_SENDAPP) || (st & BR_SSL_RECVAPP)) { t->handshaken = 1; }
        if (st & BR_SSL_SENDREC) {
            size_t len;
            unsigned char* b = br_ssl_engine_sendrec_buf(e, &len);
            ssize_t w = send(c->sock.fd, b, len, KINF__SEND_FLAGS);
            if (w > 0) { br_ssl_engine_sendrec_ack(e, (size_t)w); c->bytes_written += (uint64_t)w; continue; }
            if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) { return 0; }
            /* a reset in the handshake often hides the server's alert */
            if (!t->handshaken) { kinf__tls_fail_item(c, t, br_ssl_engine_last_error(e)); } else { KINF__CERR(c, IO_ERROR, "send", 0); }
            return -2;
        }
        if ((st & BR_SSL_RECVREC) && !(st & BR_SSL_RECVAPP) && (want_read || !t->handshaken)) {
            size_t len;
            unsigned char* b = br_ssl_engine_recvrec_buf(e, &len);
            ssize_t r = recv(c->sock.fd, b, len, 0);
            if (r > 0) {
                int k;
                for (k = 0; k < r && t->rx_bytes < 5; k++) { t->rx_head[t->rx_bytes++] = b[k]; }
                br_ssl_engine_recvrec_ack(e, (size_t)r);
                c->bytes_read += (uint64_t)r;
                continue;
            }
            if (r == 0) {
                if (!t->handshaken) { kinf__tls_fail_item(c, t, BR_ERR_IO); return -2; }
                return -1;
            }
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
            if (!t->handshaken) { kinf__tls_fail_item(c, t, br_ssl_engine_last_error(e)); } else { KINF__CERR(c, IO_ERROR, "recv", 0); }
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
static int kinf__tls_connect(kinf_engine_t* c) {
    kinf__tls* t = (kinf__tls*)c->tls;
    t->rx_bytes = 0; t->handshaken = 0;
    if (t->insecure) { KINF__CWARN(c, TLS_INSECURE, c->host, 0); }
    else {
        uint32_t days, secs;
        if (!kinf__tls_date(t->time_fn ? t->time_fn(t->time_user) : kinf__tls_system_time(), &days, &secs)) {
            KINF__CERR(c, TLS_NO_CLOCK, c->host, t->time_fn ? " (desc.tls_time gave none)" :
                      " (the system clock cannot be read: a 32-bit time_t after 2038? build with -D_TIME_BITS=64 or set desc.tls_time)");
            return 0;
        }
        br_x509_minimal_set_time(&t->xc, days, secs);
    }
    br_ssl_client_reset(&t->cc, t->sni[0] ? t->sni : 0, 0);
    return 1;
}
static unsigned kinf__tls_wants(kinf_engine_t* c, int want_read) {
    kinf__tls* t = (kinf__tls*)c->tls;
    unsigned st = br_ssl_engine_current_state(&t->cc.eng), w = 0;
    if (st & BR_SSL_SENDREC) { w |= KINF_WANT_WRITE; }
    if ((st & BR_SSL_RECVREC) && !(st & BR_SSL_RECVAPP) && (want_read || !t->handshaken)) { w |= KINF_WANT_READ; }
    if ((st & BR_SSL_SENDAPP) && !want_read) { w |= KINF_WANT_WRITE; }
    return w;
}
static int kinf__tls_app_pending(kinf_engine_t* c) {
    return (br_ssl_engine_current_state(&((kinf__tls*)c->tls)->cc.eng) & BR_SSL_RECVAPP) != 0;
}
/* Clears the TLS block at `at`; returns its loader, which loads into it. */
static void* kinf__tls_block(void* at) {
    kinf__tls* t = (kinf__tls*)at;
    memset(t, 0, sizeof(*t));
    t->ld.blk = t;
    return &t->ld;
}
/* the name checked: tls_server_name, else the URL's host */
static const char* kinf__tls_name(const kinf_conn_desc_t* d, const char* host) {
    return (d->tls_server_name && d->tls_server_name[0]) ? d->tls_server_name : host;
}
/* kinf_init's TLS checks (from kinf__setup_check): loads the CA bundle, the
   client chain and key as desc names them (with a loader that has no block:
   decodes and counts only), and the name to verify. 1, or 0 with w set. */
static int kinf__tls_load(void* loader, const kinf_conn_desc_t* d, const char* host, kinf__why* w) {
    kinf__tls_ld* t = (kinf__tls_ld*)loader;
    unsigned char ip[16];
    const char* name = kinf__tls_name(d, host);
    int n, big = 0;
    t->max_cas = (size_t)d->tls_max_cas; t->anchor_cap = d->tls_anchor_bytes;
    if (t->blk) { /* the trust store after the struct, as kinf__tls_size counts it */
        t->blk->ta = (br_x509_trust_anchor*)(void*)((unsigned char*)t->blk + kinf__align8(sizeof(kinf__tls)));
        t->blk->anchors = (unsigned char*)t->blk->ta + kinf__align8(t->max_cas * sizeof(br_x509_trust_anchor));
    }
    if (!d->insecure_skip_tls_verify) {
        if (!(d->ca_file && d->ca_file[0]) && !(d->ca_data && d->ca_len)) { return KINF__REFUSE(w, TLS_NO_CA, 0, 0); }
        n = kinf__tls_pem_load(t, d->ca_file, d->ca_data, d->ca_len, KINF__PEM_CA, &big);
        if (n <= 0) {
            if (big && t->nta >= t->max_cas) { return KINF__REFUSE(w, TLS_TOO_LARGE, "CA bundle: more certificates than desc.tls_max_cas", " (kinf_ca_bundle_size measures a bundle)"); }
            if (big) { return KINF__REFUSE(w, TLS_TOO_LARGE, "CA bundle: its names and keys exceed desc.tls_anchor_bytes", " (kinf_ca_bundle_size measures a bundle)"); }
            return KINF__REFUSE(w, TLS_BAD_CA, d->ca_file ? d->ca_file : "ca_data", 0);
        }
    }
    if ((d->client_cert_file && d->client_cert_file[0]) || (d->client_cert_data && d->client_cert_len)) {
        n = kinf__tls_pem_load(t, d->client_cert_file, d->client_cert_data, d->client_cert_len, KINF__PEM_CHAIN, &big);
        if (n <= 0) { return big ? KINF__REFUSE(w, TLS_TOO_LARGE, "client chain", 0) : KINF__REFUSE(w, TLS_BAD_CLIENT_CERT, d->client_cert_file, 0); }
        n = kinf__tls_pem_load(t, d->client_key_file, d->client_key_data, d->client_key_len, KINF__PEM_KEY, &big);
        if (n != 1) { return KINF__REFUSE(w, TLS_BAD_CLIENT_KEY, d->client_key_file, 0); }
    } else if ((d->client_key_file && d->client_key_file[0]) || (d->client_key_data && d->client_key_len)) {
        return KINF__REFUSE(w, TLS_BAD_CLIENT_CERT, "a client key without a certificate", 0);
    }
    if (inet_pton(AF_INET, name, ip) != 1 && inet_pton(AF_INET6, name, ip) != 1 && !kinf__fits(name, sizeof(((kinf__tls*)0)->sni))) {
        return KINF__REFUSE(w, CONFIG_TOO_LONG, "tls_server_name", 0);
    }
    return 1;
}
/* the client chain and key in the loader's block, if any, for the handshakes to come */
static void kinf__tls_client_auth(kinf__tls* t) {
    if (t->ld.nchain && t->ld.have_key == BR_KEYTYPE_RSA) {
        br_ssl_client_set_single_rsa(&t->cc, t->chain, t->ld.nchain, br_skey_decoder_get_rsa(&t->ld.sk), br_rsa_pkcs1_sign_get_default());
    } else if (t->ld.nchain) {
        br_ssl_client_set_single_ec(&t->cc, t->chain, t->ld.nchain, br_skey_decoder_get_ec(&t->ld.sk), BR_KEYTYPE_SIGN, 0,
                                    br_ec_get_default(), br_ecdsa_sign_asn1_get_default());
    }
}
/* Sets the TLS engine up over what kinf__tls_load put in the block: trust
   anchors, client chain and key, the name to verify. */
static void kinf__tls_init(kinf_engine_t* c, const kinf_conn_desc_t* d) {
    kinf__tls* t = (kinf__tls*)c->tls;
    const char* name = kinf__tls_name(d, c->host);
    t->insecure = d->insecure_skip_tls_verify != 0;
    t->time_fn = d->tls_time; t->time_user = d->tls_time_user;
    br_ssl_client_init_full(&t->cc, &t->xc, t->ta, t->ld.nta);
    br_ssl_engine_set_versions(&t->cc.eng, BR_TLS12, BR_TLS12);
    t->xw.vtable = &kinf__xw_vtable;
    t->xw.t = t;
    br_ssl_engine_set_x509(&t->cc.eng, &t->xw.vtable);
    br_ssl_engine_set_buffer(&t->cc.eng, t->iobuf, sizeof(t->iobuf), 1);
    kinf__tls_client_auth(t);
    /* an IP address is checked against the SAN's IP entries and sent with no SNI */
    if (inet_pton(AF_INET, name, t->ip) == 1) { t->check_ip = 1; t->iplen = 4; }
    else if (inet_pton(AF_INET6, name, t->ip) == 1) { t->check_ip = 1; t->iplen = 16; }
    else { kinf__strlcpy(t->sni, name, sizeof(t->sni)); }
}
#ifndef KINF_NO_EXEC
/* >>tls exec  a client certificate and key an exec credential plugin gave
   (PEM, as a kubeconfig's client-certificate-data and client-key-data):
   checked whole on the side first, so that a bad pair leaves the one held
   untouched, then taken into the block's chain (KINF_TLS_MAX_CHAIN,
   KINF_TLS_CHAIN_BYTES) and key, which every handshake from then on sends. */
/* does the leaf's public key (t->xd) belong to the private key (t->sk)? */
static int kinf__tls_key_matches(kinf__tls_ld* t) {
    const br_x509_pkey* pk = br_x509_decoder_get_pkey(&t->xd);
    if (!pk) { return 0; }
    if (t->have_key == BR_KEYTYPE_RSA && pk->key_type == BR_KEYTYPE_RSA) {
        unsigned char n[512]; /* 4096 bits, BearSSL's largest */
        const unsigned char* pn = pk->key.rsa.n;
        size_t nl, pl = pk->key.rsa.nlen, o = 0;
        br_rsa_compute_modulus mod = br_rsa_compute_modulus_get_default();
        const br_rsa_private_key* sk = br_skey_decoder_get_rsa(&t->sk);
        nl = sk ? mod(0, sk) : 0;
        if (nl == 0 || nl > sizeof(n) || mod(n, sk) != nl) { return 0; }
        while (o < nl && n[o] == 0) { o++; }
        while (pl && *pn == 0) { pn++; pl--; }
        return pl == nl - o && !memcmp(pn, n + o, pl);
    }
    if (t->have_key == BR_KEYTYPE_EC && pk->key_type == BR_KEYTYPE_EC) {
        unsigned char q[BR_EC_KBUF_PUB_MAX_SIZE];
        br_ec_public_key pub;
        const br_ec_private_key* sk = br_skey_decoder_get_ec(&t->sk);
        size_t ql = sk && sk->curve == pk->key.ec.curve ? br_ec_compute_pub(br_ec_get_default(), &pub, q, sk) : 0;
        return ql && ql == pk->key.ec.qlen && !memcmp(q, pk->key.ec.q, ql);
    }
    return 0;
}
/* 1 when cert (a PEM chain, the leaf first) and key (one PEM RSA or EC key,
   the leaf's) can be taken; else 0 and *why says what is wrong. Decodes
   with a loader of its own that keeps nothing but the leaf's key. */
static int kinf__tls_client_check(const char* cert, size_t cl, const char* key, size_t kl, const char** why) {
    kinf__tls_ld v;
    int n, big = 0, ok = 0;
    memset(&v, 0, sizeof(v));
    n = kinf__tls_pem_load(&v, 0, cert, cl, KINF__PEM_CHAIN, &big);
    if (n <= 0) { *why = big ? "the certificate chain exceeds KINF_TLS_MAX_CHAIN or KINF_TLS_CHAIN_BYTES" : "clientCertificateData is no PEM certificate"; }
    else if (!br_x509_decoder_get_pkey(&v.xd)) { *why = "clientCertificateData's first certificate does not parse"; }
    else if (kinf__tls_pem_load(&v, 0, key, kl, KINF__PEM_KEY, &big) != 1) { *why = "clientKeyData is not one PEM RSA or EC key (PKCS#1, PKCS#8, SEC1)"; }
    else if (!kinf__tls_key_matches(&v)) { *why = "clientKeyData is not the key of clientCertificateData's first certificate"; }
    else { ok = 1; }
    memset(&v.sk, 0, sizeof(v.sk)); /* the private key, off the stack */
    return ok;
}
/* FNV-1a of the pair: whether a plugin's run gave the pair held again */
static uint64_t kinf__tls_client_sum(const char* cert, size_t cl, const char* key, size_t kl) {
    return kinf__fnv64(kinf__fnv64(kinf__fnv64(0xcbf29ce484222325ull, cert, cl), "\xff", 1), key, kl);
}
/* Takes a pair kinf__tls_client_check accepted into the block, replacing
   the chain and key held. No handshake may be under way (the driver closes
   the connection first). */
static void kinf__tls_client_take(kinf_engine_t* c, const char* cert, size_t cl, const char* key, size_t kl) {
    kinf__tls* t = (kinf__tls*)c->tls;
    int big = 0;
    t->ld.nchain = 0; t->ld.clen = 0; t->ld.have_key = 0;
    if (kinf__tls_pem_load(&t->ld, 0, cert, cl, KINF__PEM_CHAIN, &big) <= 0 || kinf__tls_pem_load(&t->ld, 0, key, kl, KINF__PEM_KEY, &big) != 1) {
        t->ld.nchain = 0; t->ld.have_key = 0; /* not after a check: sends none rather than half a pair */
    }
    t->client_sum = kinf__tls_client_sum(cert, cl, key, kl);
    kinf__tls_client_auth(t);
}
#endif /* KINF_NO_EXEC */
/* >>tls measure  what a bundle needs: its certificates and the bytes of
   their names and keys, decoded with no block and no bound */
KINF_API int kinf_ca_bundle_size(const char* file, const void* data, size_t len, int* cas, size_t* anchor_bytes) {
    kinf__tls_ld t;
    int n, big = 0;
    if (cas) { *cas = 0; }
    if (anchor_bytes) { *anchor_bytes = 0; }
    memset(&t, 0, sizeof(t));
    t.max_cas = KINF_TLS_CAS_LIMIT; t.anchor_cap = KINF_TLS_ANCHOR_LIMIT;
    if (!(file && file[0]) && !(data && len)) { return KINF_ERR_INVAL; }
    n = kinf__tls_pem_load(&t, file, data, len, KINF__PEM_CA, &big);
    if (n <= 0) { return big ? KINF_ERR_NOMEM : KINF_ERR_INVAL; }
    if (cas) { *cas = (int)t.nta; }
    if (anchor_bytes) { *anchor_bytes = t.alen; }
    return KINF_OK;
}
#endif /* KINF_TLS_BEARSSL */

/* >>endpoint  the connection's part of a descriptor, read for the informer,
   discovery and the client alike: defaults, the URL, the TLS material, the
   token; and the set-up discovery and the client share */
/* What the checks build as they go: in an init the connection's own fields,
   in kinf_check a scratch of the same sizes. tls: where the CA and client
   material are loaded (a kinf__tls_ld; in kinf_check one that only counts). */
typedef struct kinf__conn_out {
    char* host;                   /* KINF__HOST_BYTES */
    char* hosthdr;                /* KINF__HOSTHDR_BYTES */
    void* tls;
#ifdef KINF__PROXY
    char* proxy_host;             /* KINF__HOST_BYTES; "" no proxy */
    char* proxy_auth;             /* KINF__PROXY_AUTH_BYTES */
    uint16_t proxy_port;
#endif
    uint16_t port;
    uint8_t https;
} kinf__conn_out;
/* The connection fields of an informer's descriptor: its connection, or its
   own fields. From logger to own_transport both structs hold the same
   members in the same order (checked below): one copy. */
#define KINF__RUN(t) (offsetof(t, own_transport) + sizeof(int) - offsetof(t, logger))
typedef char kinf__conn_desc_run[(KINF__RUN(kinf_desc_t) == KINF__RUN(kinf_conn_desc_t) &&
    offsetof(kinf_desc_t, tls_time) - offsetof(kinf_desc_t, logger) == offsetof(kinf_conn_desc_t, tls_time) - offsetof(kinf_conn_desc_t, logger) &&
    offsetof(kinf_desc_t, ca_len) - offsetof(kinf_desc_t, logger) == offsetof(kinf_conn_desc_t, ca_len) - offsetof(kinf_conn_desc_t, logger) &&
    offsetof(kinf_desc_t, insecure_skip_tls_verify) - offsetof(kinf_desc_t, logger) ==
    offsetof(kinf_conn_desc_t, insecure_skip_tls_verify) - offsetof(kinf_conn_desc_t, logger)) ? 1 : -1];
static kinf_conn_desc_t kinf__conn_desc(const kinf_desc_t* d) {
    kinf_conn_desc_t c;
    if (d->connection) {
        c = *d->connection;
        if (d->on_socket.func) { c.on_socket = d->on_socket; }
        return c;
    }
    c.server = d->server; c.token = d->token; c.token_file = d->token_file;
    c.idle_timeout_ms = d->idle_timeout_ms; c.connect_timeout_ms = d->connect_timeout_ms; c.read_bytes = d->read_bytes;
    c.random_seed = d->random_seed;
    memcpy(&c.logger, &d->logger, KINF__RUN(kinf_desc_t));
    c.on_socket = d->on_socket;
    return c;
}
#undef KINF__RUN
/* defaults and clamps of the connection's numbers; *clamped names one out of range */
static void kinf__conn_defaults(kinf_conn_desc_t* d, const char** clamped) {
    if (d->read_bytes == 0) { d->read_bytes = KINF_READ_BYTES; }
    if (d->read_bytes < 256) { d->read_bytes = 256; *clamped = "read_bytes"; }
    if (d->read_bytes > (64u << 20)) { d->read_bytes = 64u << 20; *clamped = "read_bytes"; }
    if (d->idle_timeout_ms <= 0) { d->idle_timeout_ms = 90000; }
    if (d->connect_timeout_ms <= 0) { d->connect_timeout_ms = 10000; }
    if (d->tls_max_cas <= 0) { d->tls_max_cas = KINF_TLS_MAX_CAS; }
    if (d->tls_max_cas > KINF_TLS_CAS_LIMIT) { d->tls_max_cas = KINF_TLS_CAS_LIMIT; *clamped = "tls_max_cas"; }
    if (d->tls_anchor_bytes == 0) { d->tls_anchor_bytes = KINF_TLS_ANCHOR_BYTES; }
    if (d->tls_anchor_bytes > KINF_TLS_ANCHOR_LIMIT) { d->tls_anchor_bytes = KINF_TLS_ANCHOR_LIMIT; *clamped = "tls_anchor_bytes"; }
}
/* the TLS block a connection of d needs in its owner's memory (0: none) */
static size_t kinf__conn_tls_bytes(const kinf_conn_desc_t* d) {
#ifdef KINF_TLS_BEARSSL
    if (d->server && !strncmp(d->server, "https://", 8) && !d->own_transport) { return kinf__tls_size(d); }
#else
    (void)d;
#endif
    return 0;
}
/* url into host, port, scheme and Host header; its path (no trailing '/') into prefix */
static int kinf__conn_url(kinf__conn_out* o, const char* url, char* prefix, size_t pcap) {
    const char* p;
    const char* h;
    size_t hl;
    long port = 80;
    o->https = 0;
    if (!strncmp(url, "http://", 7)) { p = url + 7; }
    else if (!strncmp(url, "https://", 8)) { p = url + 8; o->https = 1; port = 443; }
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
    if (hl == 0 || hl >= KINF__HOST_BYTES) { return 0; }
    memcpy(o->host, h, hl); o->host[hl] = 0;
    if (!kinf__visible_ascii(o->host) || strchr(o->host, '/') || strchr(o->host, '@')) { return 0; }
    if (*p == ':') {
        const char* ps = ++p;
        while (*p >= '0' && *p <= '9') { p++; }
        port = (long)kinf__parse_dec(ps, (size_t)(p - ps));
        if (port <= 0 || port > 65535) { return 0; }
    }
    if (*p && *p != '/') { return 0; }
    o->port = (uint16_t)port;
    if (!kinf__strlcpy(prefix, p, pcap) || !kinf__visible_ascii(prefix) || strchr(prefix, '?') || strchr(prefix, '#')) { return 0; }
    if (hl && prefix[0] && prefix[strlen(prefix) - 1] == '/') { prefix[strlen(prefix) - 1] = 0; }
    {
        char num[21];
        int v6 = strchr(o->host, ':') != 0;
        int std = (port == (o->https ? 443 : 80));
        size_t n = 0;
        const char* ns = kinf__utoa(num, (uint64_t)port);
        if (v6) { o->hosthdr[n++] = '['; }
        memcpy(o->hosthdr + n, o->host, hl); n += hl;
        if (v6) { o->hosthdr[n++] = ']'; }
        if (!std) { o->hosthdr[n++] = ':'; memcpy(o->hosthdr + n, ns, strlen(ns)); n += strlen(ns); }
        o->hosthdr[n] = 0;
    }
    return 1;
}
#ifdef KINF__PROXY
/* >>endpoint proxy  which proxy a connection goes through, read as client-go
   reads it (Go's http.ProxyFromEnvironment, or a kubeconfig's proxy-url) */
/* a[0..n) and b[0..n) alike but for case (host names) */
static int kinf__ieqn(const char* a, const char* b, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (kinf__lower(a[i]) != kinf__lower(b[i])) { return 0; }
    }
    return 1;
}
/* an IPv4 or IPv6 address into 16 bytes (IPv4 in the first 4); its family, or 0 */
static int kinf__ip_bytes(const char* s, size_t n, uint8_t* out) {
    char t[64];
    if (n == 0 || n >= sizeof(t)) { return 0; }
    memcpy(t, s, n); t[n] = 0;
    memset(out, 0, 16);
    if (inet_pton(AF_INET, t, out) == 1) { return AF_INET; }
    if (inet_pton(AF_INET6, t, out) == 1) { return AF_INET6; }
    return 0;
}
/* Does NO_PROXY's entry e[0..n) name host (and port)? An address, an
   address/bits, "*", or a domain ("x.io": x.io and its subdomains; ".x.io"
   and "*.x.io": the subdomains); an address or domain may end in :port. */
static int kinf__no_proxy_entry(const char* e, size_t n, const char* host, uint16_t port) {
    uint8_t a[16], b[16];
    const char* slash = (const char*)memchr(e, '/', n);
    size_t hl = strlen(host), k;
    int fa, fb;
    if (n == 1 && e[0] == '*') { return 1; }
    if (slash) { /* an address range */
        long bits = (long)kinf__parse_dec(slash + 1, n - (size_t)(slash - e) - 1);
        fa = kinf__ip_bytes(e, (size_t)(slash - e), a);
        fb = kinf__ip_bytes(host, hl, b);
        if (!fa || fa != fb || bits < 0 || bits > (fa == AF_INET ? 32 : 128)) { return 0; }
        for (k = 0; k < (size_t)bits; k++) {
            if (((a[k / 8] ^ b[k / 8]) >> (7 - k % 8)) & 1) { return 0; }
        }
        return 1;
    }
    /* a port of its own: "host:port", "[v6]:port" (a bare v6 address has colons and no port) */
    {
        const char* c = 0;
        if (e[0] == '[') {
            const char* r = (const char*)memchr(e, ']', n);
            if (!r) { return 0; }
            if ((size_t)(r - e) + 1 < n) { c = r + 1; if (*c != ':') { return 0; } }
            if (c && (long)kinf__parse_dec(c + 1, n - (size_t)(c - e) - 1) != (long)port) { return 0; }
            e++; n = (size_t)(r - e);
        } else if ((c = (const char*)memchr(e, ':', n)) != 0 && !memchr(c + 1, ':', n - (size_t)(c - e) - 1)) {
            if ((long)kinf__parse_dec(c + 1, n - (size_t)(c - e) - 1) != (long)port) { return 0; }
            n = (size_t)(c - e);
        }
    }
    fa = kinf__ip_bytes(e, n, a);
    if (fa) { return kinf__ip_bytes(host, hl, b) == fa && !memcmp(a, b, 16); }
    if (n >= 2 && e[0] == '*' && e[1] == '.') { e++; n--; }
    if (n && e[0] == '.') { /* the subdomains only */
        return hl > n && kinf__ieqn(host + hl - n, e, n);
    }
    return (hl == n && kinf__ieqn(host, e, n)) || (hl > n && host[hl - n - 1] == '.' && kinf__ieqn(host + hl - n, e, n));
}
/* Is host:port left out of the environment's proxy: localhost, a loopback
   address, or named by NO_PROXY (no_proxy), comma-separated. */
static int kinf__no_proxy(const char* host, uint16_t port) {
    const char* l;
    uint8_t a[16];
    int f;
    if (kinf__ieq(host, strlen(host), "localhost")) { return 1; }
    f = kinf__ip_bytes(host, strlen(host), a);
    if (f == AF_INET && a[0] == 127) { return 1; }
    if (f == AF_INET6 && !memcmp(a, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1", 16)) { return 1; }
    l = getenv("NO_PROXY");
    if (!l || !*l) { l = getenv("no_proxy"); }
    while (l && *l) {
        const char* e = l;
        size_t n;
        while (*l && *l != ',') { l++; }
        n = (size_t)(l - e);
        while (n && (*e == ' ' || *e == '\t')) { e++; n--; }
        while (n && (e[n - 1] == ' ' || e[n - 1] == '\t')) { n--; }
        if (n && kinf__no_proxy_entry(e, n, host, port)) { return 1; }
        if (*l) { l++; }
    }
    return 0;
}
/* s[0..n) %-unescaped into out (cap, with its NUL); its length, or -1 */
static long kinf__pct_decode(const char* s, size_t n, char* out, size_t cap) {
    size_t i, o = 0;
    for (i = 0; i < n; i++) {
        int c = (uint8_t)s[i];
        if (c == '%') {
            if (i + 2 >= n) { return -1; }
            if (kinf__hexval((uint8_t)s[i + 1]) < 0 || kinf__hexval((uint8_t)s[i + 2]) < 0) { return -1; }
            c = kinf__hexval((uint8_t)s[i + 1]) * 16 + kinf__hexval((uint8_t)s[i + 2]);
            i += 2;
        }
        if (o + 1 >= cap) { return -1; }
        out[o++] = (char)c;
    }
    out[o] = 0;
    return (long)o;
}
/* src[0..n) as standard base64 into out (4 * ((n + 2) / 3) + 1 bytes) */
static void kinf__b64_encode(const uint8_t* src, size_t n, char* out) {
    static const char t[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t i, o = 0;
    for (i = 0; i + 2 < n; i += 3) {
        uint32_t v = (uint32_t)src[i] << 16 | (uint32_t)src[i + 1] << 8 | src[i + 2];
        out[o++] = t[v >> 18]; out[o++] = t[(v >> 12) & 63]; out[o++] = t[(v >> 6) & 63]; out[o++] = t[v & 63];
    }
    if (i < n) {
        uint32_t v = (uint32_t)src[i] << 16 | (i + 1 < n ? (uint32_t)src[i + 1] << 8 : 0u);
        out[o++] = t[v >> 18]; out[o++] = t[(v >> 12) & 63];
        out[o++] = i + 1 < n ? t[(v >> 6) & 63] : '=';
        out[o++] = '=';
    }
    out[o] = 0;
}
/* The proxy of a connection to o's host: d->proxy, or the environment's
   (NULL). o's proxy fields set (host "" for none); 0 with w set when it is
   not a proxy kinformer can use. */
static int kinf__conn_proxy(const kinf_conn_desc_t* d, kinf__conn_out* o, kinf__why* w) {
    const char* p = d->proxy;
    const char* h;
    const char* at;               /* the '@' after user info, then where the host ends */
    const char* end;
    size_t hl;
    long port = 80;
    o->proxy_host[0] = 0; o->proxy_auth[0] = 0; o->proxy_port = 0;
    if (d->own_transport) {
        if (p && p[0]) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, "(with own_transport, the transport connects)", 0); }
        return 1;
    }
    if (!p) {
        p = getenv(o->https ? "HTTPS_PROXY" : "HTTP_PROXY");
        if (!p || !*p) { p = getenv(o->https ? "https_proxy" : "http_proxy"); }
        if (!p || !*p || kinf__no_proxy(o->host, o->port)) { return 1; }
        if (!strstr(p, "://")) { /* a bare host[:port], as Go reads it: http:// */
            h = p;
            goto authority;
        }
    }
    if (!p[0]) { return 1; }
    if (!kinf__ieq(p, 7, "http://")) { /* the scheme in any case, as a URL has it */
        return KINF__REFUSE(w, CONFIG_BAD_PROXY, strchr(p, '@') ? "(not http://; user info not logged)" : p, " (only http:// proxies)");
    }
    h = p + 7;
authority:
    end = h;
    while (*end && *end != '/' && *end != '?' && *end != '#') { end++; }
    if (*end && strcmp(end, "/") != 0) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, strchr(p, '@') ? "(user info not logged)" : p, " (a path)"); }
    at = 0;
    { const char* q; for (q = h; q < end; q++) { if (*q == '@') { at = q; } } }
    if (at) { /* user:password, %-escaped, sent as Basic credentials ("user:" for a user alone, as Go sends it) */
        char cred[256];
        long n = kinf__pct_decode(h, (size_t)(at - h), cred, sizeof(cred) - 1);
        if (n >= 0 && !memchr(h, ':', (size_t)(at - h))) { cred[n++] = ':'; cred[n] = 0; }
        if (n < 0) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, "(user info not logged)", " (its user info is malformed or over 255 bytes)"); }
        kinf__b64_encode((const uint8_t*)cred, (size_t)n, o->proxy_auth);
        memset(cred, 0, sizeof(cred));
        h = at + 1;
    }
    if (*h == '[') {
        const char* r = ++h;
        while (r < end && *r != ']') { r++; }
        if (r >= end) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, o->proxy_auth[0] ? "(user info not logged)" : p, 0); }
        hl = (size_t)(r - h);
        at = r + 1;
    } else {
        at = h;
        while (at < end && *at != ':') { at++; }
        hl = (size_t)(at - h);
    }
    if (hl == 0 || hl >= KINF__HOST_BYTES) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, o->proxy_auth[0] ? "(user info not logged)" : p, 0); }
    memcpy(o->proxy_host, h, hl); o->proxy_host[hl] = 0;
    if (at < end && *at == ':') {
        const char* ps = ++at;
        while (at < end && *at >= '0' && *at <= '9') { at++; }
        port = (long)kinf__parse_dec(ps, (size_t)(at - ps));
        if (at == ps || port <= 0 || port > 65535) { port = -1; }
    }
    if (port < 0 || at != end || !kinf__visible_ascii(o->proxy_host) || strchr(o->proxy_host, '@')) {
        o->proxy_host[0] = 0;
        return KINF__REFUSE(w, CONFIG_BAD_PROXY, o->proxy_auth[0] ? "(user info not logged)" : p, 0);
    }
    o->proxy_port = (uint16_t)port;
    return 1;
}
#endif
/* The connection's checks, in kinf_init's order from the URL on: 1, or 0
   with w set. The server's presence is the caller's first check. */
static int kinf__conn_check(const kinf_conn_desc_t* d, kinf__conn_out* o, char* prefix, size_t pcap, kinf__why* w) {
    if (!kinf__conn_url(o, d->server, prefix, pcap)) {
        return KINF__REFUSE(w, CONFIG_BAD_URL, strchr(d->server, '@') ? "(user info in the URL is refused, and not logged)" : d->server, 0);
    }
#ifdef KINF__PROXY
    if (!kinf__conn_proxy(d, o, w)) { /* refused: nothing of it kept, credentials least of all */
        memset(o->proxy_auth, 0, KINF__PROXY_AUTH_BYTES);
        o->proxy_host[0] = 0;
        return 0;
    }
#else /* a proxy asked for where none can be spoken: never a silent direct connection */
    if (d->proxy && d->proxy[0]) { return KINF__REFUSE(w, CONFIG_BAD_PROXY, 0, 0); }
#endif
#ifdef KINF_NO_EXEC
    if (d->exec && d->exec->command && d->exec->command[0]) { return KINF__REFUSE(w, EXEC_UNAVAILABLE, d->exec->command, 0); }
#endif
    if (o->https && !d->own_transport) {
#ifdef KINF_TLS_BEARSSL
        if (!kinf__tls_load(o->tls, d, o->host, w)) { return 0; }
#else
        return KINF__REFUSE(w, TLS_UNAVAILABLE, o->host, 0);
#endif
    }
    return 1;
}
/* the token checks, after the caller's own (kinf_init's order) */
static int kinf__conn_check_token(const kinf_conn_desc_t* d, kinf__why* w) {
    if (!kinf__fits(d->token, KINF_MAX_TOKEN)) { return KINF__REFUSE(w, TOKEN_TOO_LONG, 0, 0); }
    if (!kinf__visible_ascii(d->token)) { return KINF__REFUSE(w, TOKEN_INVALID, 0, 0); }
    if (!kinf__fits(d->token_file, KINF__TOKEN_FILE_BYTES)) { return KINF__REFUSE(w, CONFIG_TOO_LONG, "token_file", 0); }
    return 1;
}
/* Where the checks build into a cleared connection (tls: the TLS block's place, or NULL). */
static kinf__conn_out kinf__conn_into(kinf_engine_t* c, void* tls) {
    kinf__conn_out o;
    memset(&o, 0, sizeof(o));
    o.host = c->host; o.hosthdr = c->hosthdr;
#ifdef KINF__PROXY
    o.proxy_host = c->proxy_host; o.proxy_auth = c->proxy_auth;
#endif
#ifdef KINF_TLS_BEARSSL
    if (tls) { o.tls = kinf__tls_block(tls); }
#else
    (void)tls;
#endif
    return o;
}
/* Sets up a connection the checks accepted (host and Host header are in it
   already): its owner, the read buffer and TLS block in the owner's memory. */
static void kinf__conn_init(kinf_engine_t* c, const kinf_conn_desc_t* d, const kinf__conn_out* o, const kinf__conn_ops* ops,
                            void* owner, uint8_t* rbuf, void* tls) {
    c->ops = ops; c->owner = owner;
    c->port = o->port; c->https = o->https;
#ifdef KINF__PROXY
    c->proxy_port = o->proxy_port;
#endif
    c->own_transport = d->own_transport != 0;
    c->idle_ms = d->idle_timeout_ms; c->connect_ms = d->connect_timeout_ms;
    c->sock.fd = -1;
    c->on_socket = d->on_socket;
    c->rbuf = rbuf; c->rcap = d->read_bytes;
    kinf__strlcpy(c->token, d->token, sizeof(c->token));
    kinf__strlcpy(c->token_file, d->token_file, sizeof(c->token_file));
    c->exec = d->exec && d->exec->command && d->exec->command[0] ? d->exec : 0;
    c->token_due = c->token_file[0] != 0 || c->exec; /* read (or run) by the driver before the first request */
    c->cstate = KINF__C_NONE;
    c->magic = KINF__CONN_MAGIC;
#ifdef KINF_TLS_BEARSSL
    if (c->https && !c->own_transport && tls) { c->tls = tls; kinf__tls_init(c, d); }
#else
    (void)tls;
#endif
}
#if !defined(KINF_NO_FACTORY) || !defined(KINF_NO_CLIENT)
/* The connection of discovery or the write client: the one given, else an
   informer descriptor's fields, with the defaults applied. */
static kinf_conn_desc_t kinf__conn_desc_for(const kinf_conn_desc_t* c, const kinf_desc_t* d) {
    kinf_conn_desc_t o;
    const char* clamped = 0;
    if (c) { o = *c; } else if (d) { o = kinf__conn_desc(d); } else { memset(&o, 0, sizeof(o)); }
    kinf__conn_defaults(&o, &clamped);
    return o;
}
/* Where such an owner starts in mem (its first 8-byte boundary), or NULL when
   size is less than total: logged on d's logger, what naming the owner. */
static uint8_t* kinf__conn_base(void* mem, size_t size, size_t total, const kinf_conn_desc_t* d, const char* what) {
    char tmp[256];
    if (size < total) {
        kinf__log2(&d->logger, d->tag ? d->tag : "kinformer", KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, tmp, sizeof(tmp), what, 0);
        return 0;
    }
    return (uint8_t*)mem + ((8u - ((uintptr_t)mem & 7u)) & 7u);
}
/* The end of such an owner's layout: its connection's read buffer, then the
   TLS block, at p (*at); the total, with room to align the start. */
static size_t kinf__conn_layout_end(size_t p, size_t* at, const kinf_conn_desc_t* d) {
    *at = p;
    return p + kinf__align8(d->read_bytes) + kinf__align8(kinf__conn_tls_bytes(d)) + 8u;
}
/* Checks and sets up such an owner's connection (cleared, inside the owner)
   over mem (laid out by kinf__conn_layout_end). prefix gets the URL's path. 0 when
   refused: logged on d's logger, what naming the owner. */
static int kinf__conn_setup(kinf_engine_t* c, const kinf_conn_desc_t* d, const kinf__conn_ops* ops, void* owner,
                            uint8_t* mem, char* prefix, size_t pcap) {
    kinf__why w;
    kinf__conn_out o;
    char tmp[400];
    uint8_t* tls = kinf__conn_tls_bytes(d) ? mem + kinf__align8(d->read_bytes) : 0;
    memset(&w, 0, sizeof(w));
    o = kinf__conn_into(c, tls);
    if (!d->server || !d->server[0]) { KINF__REFUSE(&w, CONFIG_NO_SERVER, 0, 0); }
    else if (kinf__conn_check(d, &o, prefix, pcap, &w) && kinf__conn_check_token(d, &w)) {
        kinf__conn_init(c, d, &o, ops, owner, mem, tls);
        return 1;
    }
    kinf__log2(&d->logger, d->tag ? d->tag : "kinformer", KINF_LOG_ERROR, w.item, w.line, tmp, sizeof(tmp), w.d1, w.d2);
    return 0;
}
#endif
#ifndef KINF_ENGINE_ONLY /* to the end of >>driver */
/* >>driver  the built-in transport: a non-blocking socket (and BearSSL for
   https://), the clock and files, driving any connection through the
   public engine calls only. kinf_poll, kinf_discovery_poll and
   kinf_client_poll are this one driver over their owner's connection. */
/* the library's one clock */
KINF_API uint64_t kinf_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}
/* A random seed: the one given, else from the clock and the process id */
static uint32_t kinf__drv_seed(uint32_t seed) { return seed ? seed : (uint32_t)(kinf_now_ms() * 2654435761u) ^ (uint32_t)getpid(); }
KINF_API const char* kinf_system_ca_file(void) {
    static const char* const paths[] = {
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
        "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem"
    };
    const char* env = getenv("SSL_CERT_FILE");
    size_t i;
    if (env && env[0]) { return access(env, R_OK) == 0 ? env : 0; }
    for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) { if (access(paths[i], R_OK) == 0) { return paths[i]; } }
    return 0;
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
        if (n == cap) { char ch; r = read(fd, &ch, 1); close(fd); return r > 0 ? -2 : (long)n; }
    }
    close(fd);
    return (long)n;
}
/* Reads the token file into the connection: a failure is a warning (the
   last token is kept), not the sticky error. Every path goes through
   kinf__conn_set_token, which ends the ask (token_due) and restarts the
   60 s clock. KINF_OK, or the item with *rc the result. */
static uint32_t kinf__drv_token_file(kinf_engine_t* c, uint64_t now_ms, int* rc) {
    char buf[KINF_MAX_TOKEN + 4]; /* room for a token of KINF_MAX_TOKEN - 1 bytes and a CRLF */
    long r;
    size_t n;
    uint32_t item;
    *rc = KINF_OK;
    r = kinf__drv_read_file(c->token_file, buf, sizeof(buf));
    if (r == -2) { r = (long)sizeof(buf); } /* too long: refused below */
    if (r < 0) { KINF__CWARN(c, TOKEN_FILE_UNREADABLE, c->token_file, 0); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_IO; return KINF_LOGITEM_TOKEN_FILE_UNREADABLE; }
    n = (size_t)r;
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t')) { n--; }
    if (n >= KINF_MAX_TOKEN) { KINF__CWARN(c, TOKEN_TOO_LONG, c->token_file, 0); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_INVAL; return KINF_LOGITEM_TOKEN_TOO_LONG; }
    if (n == 0) { KINF__CWARN(c, TOKEN_FILE_UNREADABLE, c->token_file, " (empty)"); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_IO; return KINF_LOGITEM_TOKEN_FILE_UNREADABLE; }
    buf[n] = 0;
    item = kinf__conn_set_token(c, buf, now_ms);
    memset(buf, 0, sizeof(buf));
    if (item != KINF_LOGITEM_OK) { *rc = KINF_ERR_INVAL; }
    return item;
}
#ifndef KINF_NO_EXEC
/* >>driver exec  an exec credential plugin (kubeconfig users[].user.exec), as
   client-go runs one: the command with its args, the environment with the
   plugin's env and KUBERNETES_EXEC_INFO, stdin /dev/null (never
   interactive), stdout read whole (at most KINF_EXEC_OUTPUT_BYTES) and the
   first line of stderr kept, within timeout_ms (then killed). Its
   ExecCredential's status.token becomes the connection's token and
   status.expirationTimestamp when it is due again. Blocking: the loop waits
   for the plugin. A failure is logged (EXEC_*), the last token is kept, and
   the owner's 401 and backoff bring the next run. */
extern char** environ;
#define KINF__EXEC_ENVP 512
/* days since 1970-01-01 of a proleptic Gregorian date */
static int64_t kinf__drv_days(int64_t y, int64_t m, int64_t d) {
    int64_t era, yoe, doy, doe;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}
/* RFC 3339 ("2026-01-02T03:04:05Z", fractions, a +hh:mm offset) into Unix
   seconds; 0 when it is not one */
static int kinf__drv_rfc3339(const char* s, size_t n, int64_t* out) {
    int64_t v[6];
    static const uint8_t at[6] = { 0, 5, 8, 11, 14, 17 }, len[6] = { 4, 2, 2, 2, 2, 2 };
    size_t i, p;
    if (n < 20 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || s[13] != ':' || s[16] != ':') { return 0; }
    for (i = 0; i < 6; i++) { v[i] = kinf__parse_dec(s + at[i], len[i]); if (v[i] < 0) { return 0; } }
    if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31 || v[3] > 23 || v[4] > 59 || v[5] > 60) { return 0; }
    *out = kinf__drv_days(v[0], v[1], v[2]) * 86400 + v[3] * 3600 + v[4] * 60 + v[5];
    p = 19;
    if (s[p] == '.') { p++; while (p < n && s[p] >= '0' && s[p] <= '9') { p++; } }
    if (p + 1 == n && (s[p] == 'Z' || s[p] == 'z')) { return 1; }
    if (p + 6 == n && (s[p] == '+' || s[p] == '-') && s[p + 3] == ':') {
        int64_t hh = kinf__parse_dec(s + p + 1, 2), mm = kinf__parse_dec(s + p + 4, 2);
        if (hh < 0 || mm < 0 || hh > 23 || mm > 59) { return 0; }
        *out -= (s[p] == '+' ? 1 : -1) * (hh * 3600 + mm * 60);
        return 1;
    }
    return 0;
}
/* KUBERNETES_EXEC_INFO: the ExecCredential the plugin is given */
static int kinf__drv_exec_info(const kinf_engine_t* c, char* out, size_t cap) {
    size_t o = 0;
    int ok = kinf__put(out, cap, &o, "KUBERNETES_EXEC_INFO={\"apiVersion\":\"") && kinf__put(out, cap, &o, c->exec->api_version) &&
             kinf__put(out, cap, &o, "\",\"kind\":\"ExecCredential\",\"spec\":{");
    if (c->exec->provide_cluster_info && !strchr(c->host, '"') && !strchr(c->host, '\\')) {
        char num[21];
        int v6 = strchr(c->host, ':') != 0;
        ok &= kinf__put(out, cap, &o, "\"cluster\":{\"server\":\"") && kinf__put(out, cap, &o, c->https ? "https://" : "http://") &&
              kinf__put(out, cap, &o, v6 ? "[" : "") && kinf__put(out, cap, &o, c->host) && kinf__put(out, cap, &o, v6 ? "]:" : ":") &&
              kinf__put(out, cap, &o, kinf__utoa(num, c->port)) && kinf__put(out, cap, &o, "\"},");
    }
    return ok && kinf__put(out, cap, &o, "\"interactive\":false}}");
}
/* what the child does: stdin /dev/null, stdout and stderr the pipes, no fd
   of ours, the environment given; only async-signal-safe calls, then exec */
static void kinf__drv_exec_child(const char* cmd, char** argv, char** envp, int out, int err) {
    static const char msg[] = "exec failed: the command cannot be run\n";
    int fd = open("/dev/null", O_RDONLY), k;
    long maxfd = sysconf(_SC_OPEN_MAX);
    if (fd < 0 || dup2(fd, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) { _exit(126); }
    if (maxfd < 0 || maxfd > 65536) { maxfd = 65536; }
    for (k = 3; k < maxfd; k++) { close(k); }
    environ = envp;
    if (strchr(cmd, '/')) { execv(cmd, argv); } else { execvp(cmd, argv); }
    if (write(2, msg, sizeof(msg) - 1) < 0) { _exit(127); }
    _exit(127);
}
/* What an ExecCredential gives: pointers into the plugin's output. */
typedef struct kinf__drv_cred {
    const char* token;            /* NUL-terminated, or NULL */
    const char* cert;             /* PEM, unescaped in place, or NULL */
    const char* key;
    size_t cert_len, key_len;
    int has_exp;
    int64_t exp_wall;             /* status.expirationTimestamp, Unix seconds */
} kinf__drv_cred;
/* A JSON string's text unescaped in place: the escapes PEM text can hold
   (\n \r \t \/ \\ \" and \u00XX of ASCII). Its new length, or 0 for
   another escape. */
static size_t kinf__drv_unescape(char* s, size_t n) {
    size_t i = 0, o = 0;
    while (i < n) {
        char ch = s[i++];
        if (ch == '\\') {
            char e = i < n ? s[i++] : 0;
            if (e == 'n') { ch = '\n'; }
            else if (e == 'r') { ch = '\r'; }
            else if (e == 't') { ch = '\t'; }
            else if (e == '/' || e == '\\' || e == '"') { ch = e; }
            else if (e == 'u' && n - i >= 4 && s[i] == '0' && s[i + 1] == '0' && kinf__hexval((unsigned char)s[i + 2]) >= 0 &&
                     kinf__hexval((unsigned char)s[i + 2]) < 8 && kinf__hexval((unsigned char)s[i + 3]) >= 0) {
                ch = (char)(kinf__hexval((unsigned char)s[i + 2]) * 16 + kinf__hexval((unsigned char)s[i + 3]));
                i += 4;
            } else { return 0; }
        }
        s[o++] = ch;
    }
    return o;
}
/* Reads the plugin's stdout (ol bytes in out, out[ol] writable): an
   ExecCredential of api_version with a status.token, a client certificate
   and key (clientCertificateData, clientKeyData), or both. Strings are
   terminated and unescaped in out. KINF_OK, or EXEC_BAD_OUTPUT with det
   saying why. */
static uint32_t kinf__drv_exec_parse(const char* api_version, char* out, size_t ol, kinf__drv_cred* cr, char* det, size_t dcap) {
    jsmntok_t t[64];
    jsmn_parser jp;
    int nt, st, tok, exp, crt, key;
    memset(cr, 0, sizeof(*cr));
    out[ol] = 0;
    jsmn_init(&jp);
    nt = jsmn_parse(&jp, out, ol, t, sizeof(t) / sizeof(t[0]));
    st = nt > 0 ? kinf__tok_member(out, t, nt, 0, "status") : -1;
    tok = kinf__tok_member(out, t, nt, st, "token");
    exp = kinf__tok_member(out, t, nt, st, "expirationTimestamp");
    crt = kinf__tok_member(out, t, nt, st, "clientCertificateData");
    key = kinf__tok_member(out, t, nt, st, "clientKeyData");
    if (tok >= 0 && (t[tok].type != JSMN_STRING || t[tok].end == t[tok].start)) { tok = -1; } /* "" is none, as client-go reads it */
    if (crt >= 0 && (t[crt].type != JSMN_STRING || t[crt].end == t[crt].start)) { crt = -1; }
    if (key >= 0 && (t[key].type != JSMN_STRING || t[key].end == t[key].start)) { key = -1; }
    if (nt <= 0 || t[0].type != JSMN_OBJECT) { kinf__cat(det, dcap, "not a JSON object"); }
    else if (!kinf__tok_is(out, t, kinf__tok_member(out, t, nt, 0, "kind"), "ExecCredential")) { kinf__cat(det, dcap, "kind is not ExecCredential"); }
    else if (!kinf__tok_is(out, t, kinf__tok_member(out, t, nt, 0, "apiVersion"), api_version)) { kinf__cat(det, dcap, "apiVersion is not the one asked"); }
    else if ((crt >= 0) != (key >= 0)) { kinf__cat(det, dcap, "clientCertificateData and clientKeyData come together, not one alone"); }
    else if (tok < 0 && crt < 0) { kinf__cat(det, dcap, "no status.token and no client certificate"); }
    else if (tok >= 0 && memchr(out + t[tok].start, '\\', (size_t)(t[tok].end - t[tok].start))) { kinf__cat(det, dcap, "status.token has an escape"); }
    else if (exp >= 0 && t[exp].type != JSMN_PRIMITIVE && (t[exp].type != JSMN_STRING ||
             !kinf__drv_rfc3339(out + t[exp].start, (size_t)(t[exp].end - t[exp].start), &cr->exp_wall))) { kinf__cat(det, dcap, "status.expirationTimestamp is not RFC 3339"); }
    else if (crt >= 0 && (!(cr->cert_len = kinf__drv_unescape(out + t[crt].start, (size_t)(t[crt].end - t[crt].start))) ||
             !(cr->key_len = kinf__drv_unescape(out + t[key].start, (size_t)(t[key].end - t[key].start))))) {
        kinf__cat(det, dcap, "clientCertificateData or clientKeyData has an escape PEM does not hold");
    } else {
        cr->has_exp = exp >= 0 && t[exp].type == JSMN_STRING;
        if (crt >= 0) { cr->cert = out + t[crt].start; cr->key = out + t[key].start; }
        if (tok >= 0) { out[t[tok].end] = 0; cr->token = out + t[tok].start; }
        return KINF_LOGITEM_OK;
    }
    return KINF_LOGITEM_EXEC_BAD_OUTPUT;
}
static void kinf__sock_close(kinf_engine_t* c);
/* Takes what the plugin gave: its client certificate and key for the
   handshakes to come (a new pair closes the connection, as client-go
   closes its connections when the certificate rotates), its token (none
   when it gave a certificate only), and when it is due again. KINF_OK, or
   the item with det set (EXEC_BAD_CERT, EXEC_BAD_OUTPUT), nothing taken. */
static uint32_t kinf__drv_exec_take(kinf_engine_t* c, const kinf__drv_cred* cr, uint64_t now_ms, char* det, size_t dcap) {
    struct timespec ts;
    uint32_t item;
    if (cr->cert) {
#ifdef KINF_TLS_BEARSSL
        const char* why = 0;
        if (c->tls && !kinf__tls_client_check(cr->cert, cr->cert_len, cr->key, cr->key_len, &why)) {
            kinf__cat(det, dcap, why);
            return KINF_LOGITEM_EXEC_BAD_CERT;
        }
        if (c->tls && ((kinf__tls*)c->tls)->client_sum != kinf__tls_client_sum(cr->cert, cr->cert_len, cr->key, cr->key_len)) {
            if (c->sock.fd >= 0) { kinf__sock_close(c); kinf_engine_closed(c, now_ms); }
            kinf__tls_client_take(c, cr->cert, cr->cert_len, cr->key, cr->key_len);
        }
        if (!c->tls && !cr->token)
#else
        if (!cr->token)
#endif
        {
            kinf__cat(det, dcap, "a client certificate alone, for a server that is not https:// (or a build without TLS)");
            return KINF_LOGITEM_EXEC_BAD_OUTPUT;
        }
    }
    if (!cr->token && c->token[0]) { c->token[0] = 0; c->token_gen++; } /* a certificate alone: no token sent */
    item = kinf__conn_set_token(c, cr->token, now_ms); /* logs a token it refuses */
    c->token_exp = 0;
    if (cr->has_exp && clock_gettime(CLOCK_REALTIME, &ts) == 0) {
        int64_t left = cr->exp_wall - (int64_t)ts.tv_sec;
        c->token_exp = left <= 0 ? now_ms : now_ms + (uint64_t)left * 1000u;
    }
    det[0] = 0;
    return item;
}
/* Runs the plugin and takes its credentials. KINF_OK, or the item (logged). */
static uint32_t kinf__drv_exec(kinf_engine_t* c, uint64_t now_ms) {
    const kinf_exec_t* x = c->exec;
    char* envp[KINF__EXEC_ENVP];
    char* argv[KINF_EXEC_MAX_ARGS + 2];
    char envbuf[4096], out[KINF_EXEC_OUTPUT_BYTES + 1], errl[200], det[300], num[21];
    size_t eb = 0, ol = 0, el = 0;
    int po[2], pe[2], k, nenv = 0, status = 0, reaped = 0, over = 0, open_fds = 2;
    uint64_t deadline = kinf_now_ms() + (uint64_t)(x->timeout_ms > 0 ? x->timeout_ms : 30000); /* the clock's, not the engine's */
    uint32_t item = KINF_LOGITEM_OK;
    pid_t pid;
    char** e;
    /* the environment: ours less the names the plugin's env sets, then those, then the info */
    for (e = environ; e && *e && nenv < KINF__EXEC_ENVP - KINF_EXEC_MAX_ENV - 2; e++) {
        int skip = !strncmp(*e, "KUBERNETES_EXEC_INFO=", 21);
        for (k = 0; k < x->nenv && !skip; k++) { size_t nl = strlen(x->env[k][0]); skip = !strncmp(*e, x->env[k][0], nl) && (*e)[nl] == '='; }
        if (!skip) { envp[nenv++] = *e; }
    }
    for (k = 0; k < x->nenv; k++) {
        size_t at = eb;
        if (!kinf__put(envbuf, sizeof(envbuf), &eb, x->env[k][0]) || !kinf__put(envbuf, sizeof(envbuf), &eb, "=") ||
            !kinf__put(envbuf, sizeof(envbuf), &eb, x->env[k][1]) || eb + 1 >= sizeof(envbuf)) {
            KINF__CERR(c, EXEC_FAILED, x->command, ": its env is larger than 4 KiB"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED;
        }
        envbuf[eb++] = 0;
        envp[nenv++] = envbuf + at;
    }
    if (!kinf__drv_exec_info(c, envbuf + eb, sizeof(envbuf) - eb)) {
        KINF__CERR(c, EXEC_FAILED, x->command, ": its env is larger than 4 KiB"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED;
    }
    envp[nenv++] = envbuf + eb;
    envp[nenv] = 0;
    argv[0] = (char*)(uintptr_t)x->command;
    for (k = 0; k < x->nargs && k < KINF_EXEC_MAX_ARGS; k++) { argv[k + 1] = (char*)(uintptr_t)x->args[k]; }
    argv[k + 1] = 0;
    if (pipe(po) != 0) { KINF__CERR(c, EXEC_FAILED, x->command, ": no pipe"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED; }
    if (pipe(pe) != 0) { close(po[0]); close(po[1]); KINF__CERR(c, EXEC_FAILED, x->command, ": no pipe"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED; }
    pid = fork();
    if (pid == 0) { kinf__drv_exec_child(x->command, argv, envp, po[1], pe[1]); }
    close(po[1]); close(pe[1]);
    if (pid < 0) { close(po[0]); close(pe[0]); KINF__CERR(c, EXEC_FAILED, x->command, ": fork failed"); kinf__conn_set_token(c, 0, now_ms); return KINF_LOGITEM_EXEC_FAILED; }
    /* stdout whole, stderr's first line, until both close and the plugin exits, or the deadline */
    for (;;) {
        struct pollfd pf[2];
        int np = 0, w;
        uint64_t now = kinf_now_ms();
        if (!reaped && waitpid(pid, &status, WNOHANG) == pid) { reaped = 1; }
        if (reaped && !open_fds) { break; }
        if (now >= deadline || over) { break; }
        w = (int)(deadline - now);
        if (po[0] >= 0) { pf[np].fd = po[0]; pf[np].events = POLLIN; pf[np].revents = 0; np++; }
        if (pe[0] >= 0) { pf[np].fd = pe[0]; pf[np].events = POLLIN; pf[np].revents = 0; np++; }
        if (!np) { poll(0, 0, w < 10 ? w : 10); continue; } /* the pipes closed: wait for the exit */
        if (poll(pf, (nfds_t)np, w < 100 ? w : 100) < 0 && errno != EINTR) { break; }
        for (k = 0; k < np; k++) {
            char tmp[1024];
            ssize_t r;
            if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR))) { continue; }
            r = read(pf[k].fd, tmp, sizeof(tmp));
            if (r < 0 && (errno == EINTR || errno == EAGAIN)) { continue; }
            if (r <= 0) {
                close(pf[k].fd);
                if (pf[k].fd == po[0]) { po[0] = -1; } else { pe[0] = -1; }
                open_fds--;
                continue;
            }
            if (pf[k].fd == po[0]) {
                if ((size_t)r > sizeof(out) - 1 - ol) { over = 1; continue; }
                memcpy(out + ol, tmp, (size_t)r); ol += (size_t)r;
            } else {
                size_t take = (size_t)r < sizeof(errl) - 1 - el ? (size_t)r : sizeof(errl) - 1 - el;
                memcpy(errl + el, tmp, take); el += take;
            }
        }
    }
    if (po[0] >= 0) { close(po[0]); }
    if (pe[0] >= 0) { close(pe[0]); }
    if (!reaped) { kill(pid, SIGKILL); while (waitpid(pid, &status, 0) < 0 && errno == EINTR) { } }
    errl[el] = 0;
    for (k = 0; errl[k]; k++) { if (errl[k] == '\n' || errl[k] == '\r') { errl[k] = 0; break; } if ((unsigned char)errl[k] < 0x20u || errl[k] == 0x7f) { errl[k] = '?'; } }
    det[0] = 0;
    kinf__cat(det, sizeof(det), ": ");
    if (!reaped && !over) { item = KINF_LOGITEM_EXEC_TIMEOUT; kinf__cat(det, sizeof(det), "no exit within the timeout (killed)"); }
    else if (over) { item = KINF_LOGITEM_EXEC_BAD_OUTPUT; kinf__cat(det, sizeof(det), "more output than KINF_EXEC_OUTPUT_BYTES"); }
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        item = KINF_LOGITEM_EXEC_FAILED;
        kinf__cat(det, sizeof(det), WIFEXITED(status) ? "exit status " : "killed by signal ");
        kinf__cat(det, sizeof(det), kinf__utoa(num, (uint64_t)(WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? WTERMSIG(status) : 0)));
        if (errl[0]) { kinf__cat(det, sizeof(det), ": "); kinf__cat(det, sizeof(det), errl); }
    }
    if (item == KINF_LOGITEM_OK) {   /* the ExecCredential */
        kinf__drv_cred cr;
        item = kinf__drv_exec_parse(x->api_version, out, ol, &cr, det, sizeof(det));
        if (item == KINF_LOGITEM_OK) { item = kinf__drv_exec_take(c, &cr, now_ms, det, sizeof(det)); }
    }
    memset(out, 0, sizeof(out));
    if (det[0]) {
        kinf__conn_log(c, KINF_LOG_ERROR, item, x->command, det, __LINE__);
        kinf__conn_set_token(c, 0, now_ms); /* the last token kept; due again after a 401 */
    }
    return item;
}
#endif /* KINF_NO_EXEC */
KINF_API int kinf_engine_refresh_token_file(kinf_engine_t* e, uint64_t now_ms) {
    int rc;
    uint32_t item;
    if (!kinf__conn_ok(e)) { return KINF_ERR_INVAL; }
    if (!e->token_file[0]) { KINF__CERR(e, NO_TOKEN_FILE, 0, 0); return KINF_ERR_INVAL; }
    item = kinf__drv_token_file(e, now_ms, &rc);
    if (item == KINF_LOGITEM_OK) { return KINF_OK; }
    if (e->last_error) { *e->last_error = item; } /* the refusal is the owner's sticky error */
    return rc;
}

/* >>driver io  plain socket or TLS, non-blocking.
   send: >0 bytes taken, 0 would block, -2 error.
   recv: >0 bytes, 0 would block, -1 end of stream, -2 error. */
static long kinf__io_send(kinf_engine_t* c, const void* buf, size_t len) {
#ifdef KINF_TLS_BEARSSL
    if (c->tls) {
        kinf__tls* t = (kinf__tls*)c->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (kinf__tls_pump(c, 0) < 0) { return -2; }
        if (!(br_ssl_engine_current_state(e) & BR_SSL_SENDAPP)) { return 0; }
        a = br_ssl_engine_sendapp_buf(e, &alen);
        if (alen > len) { alen = len; }
        memcpy(a, buf, alen);
        br_ssl_engine_sendapp_ack(e, alen);
        br_ssl_engine_flush(e, 0);
        if (kinf__tls_pump(c, 0) == -2) { return -2; }
        return (long)alen;
    }
#endif
    {
        ssize_t w = send(c->sock.fd, buf, len, KINF__SEND_FLAGS);
        if (w >= 0) { c->bytes_written += (uint64_t)w; return (long)w; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__CERR(c, IO_ERROR, "send", 0);
        return -2;
    }
}
static long kinf__io_recv(kinf_engine_t* c, void* buf, size_t cap) {
#ifdef KINF_TLS_BEARSSL
    if (c->tls) {
        kinf__tls* t = (kinf__tls*)c->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (!(br_ssl_engine_current_state(e) & BR_SSL_RECVAPP)) {
            int r = kinf__tls_pump(c, 1);
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
        ssize_t r = recv(c->sock.fd, buf, cap, 0);
        if (r > 0) { c->bytes_read += (uint64_t)r; return (long)r; }
        if (r == 0) { return -1; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__CERR(c, IO_ERROR, "recv", 0);
        return -2;
    }
}

/* >>driver socket */
/* Tells desc.on_socket of the socket (an event loop's registration). It
   runs as a callback: the driver and engine calls do nothing inside it. */
static void kinf__sock_tell(kinf_engine_t* c, int event, unsigned wants) {
    uint8_t was = c->in_callback;
    c->sock_told = wants;
    if (!c->on_socket.func) { return; }
    c->in_callback = 1;
    c->on_socket.func(c, c->sock.fd, event, wants, c->on_socket.user);
    c->in_callback = was;
}
/* Each close and each open is a new generation: the next socket may get
   the same number, and a loop that keys its registration on the number
   alone would keep waiting on the closed one. */
static void kinf__sock_close(kinf_engine_t* c) {
    if (c->sock.fd >= 0) {
        kinf__sock_tell(c, KINF_SOCKET_REMOVED, 0); /* before the close: the loop stops waiting on it first */
        close(c->sock.fd);
        c->sock_gen++;
    }
    c->sock.fd = -1;
    c->sock.connecting = 0;
}
/* what the socket connects to: the server, or the proxy it goes through */
static const char* kinf__sock_peer(const kinf_engine_t* c, uint16_t* port) {
#ifdef KINF__PROXY
    if (c->proxy_host[0]) { *port = c->proxy_port; return c->proxy_host; }
#endif
    *port = c->port;
    return c->host;
}
static int kinf__sock_resolve(kinf_engine_t* c) {
    kinf__sock* k = &c->sock;
    struct addrinfo hints, *res = 0, *ai;
    char port[21];
    uint16_t pn;
    const char* host = kinf__sock_peer(c, &pn);
    k->naddr = 0; k->ai = 0;
    memset(&k->addrs[0], 0, sizeof(k->addrs[0]));
    /* numeric addresses need no resolver (and no allocation in libc) */
    if (inet_pton(AF_INET, host, &k->addrs[0].in4.sin_addr) == 1) {
        k->addrs[0].in4.sin_family = AF_INET; k->addrs[0].in4.sin_port = htons(pn);
        k->alens[0] = sizeof(k->addrs[0].in4); k->naddr = 1; return 1;
    }
    if (inet_pton(AF_INET6, host, &k->addrs[0].in6.sin6_addr) == 1) {
        k->addrs[0].in6.sin6_family = AF_INET6; k->addrs[0].in6.sin6_port = htons(pn);
        k->alens[0] = sizeof(k->addrs[0].in6); k->naddr = 1; return 1;
    }
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, kinf__utoa(port, pn), &hints, &res) != 0 || !res) { return 0; }
    for (ai = res; ai && k->naddr < 4; ai = ai->ai_next) {
        if (ai->ai_addrlen > sizeof(k->addrs[0])) { continue; } /* IPv4 and IPv6 only */
        memcpy(&k->addrs[k->naddr], ai->ai_addr, ai->ai_addrlen);
        k->alens[k->naddr++] = (socklen_t)ai->ai_addrlen;
    }
    freeaddrinfo(res);
    return k->naddr > 0;
}
/* starts a non-blocking connect to the next address; 1 started, 0 none left */
static int kinf__sock_connect_next(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    kinf__sock_close(c);
    while (k->ai < k->naddr) {
        int fd = socket(k->addrs[k->ai].sa.sa_family, SOCK_STREAM, 0), one = 1, r;
        k->ai++;
        if (fd < 0) { continue; }
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
#endif
        r = connect(fd, &k->addrs[k->ai - 1].sa, k->alens[k->ai - 1]);
        if (r == 0 || errno == EINPROGRESS) {
            k->fd = fd;
            k->connecting = 1;
            k->t_connect = now;
            c->sock_gen++;
            kinf__sock_tell(c, KINF_SOCKET_ADDED, KINF_WANT_WRITE);
            return 1;
        }
        close(fd);
    }
    return 0;
}
/* "host:port", "[v6]:port" into out (KINF__HOST_BYTES + 24); out */
static char* kinf__host_port(char* out, const char* host, uint16_t port) {
    char num[21];
    const char* ps = kinf__utoa(num, port);
    size_t n = strlen(host), o = 0, v6 = memchr(host, ':', n) != 0;
    if (v6) { out[o++] = '['; }
    memcpy(out + o, host, n); o += n;
    if (v6) { out[o++] = ']'; }
    out[o++] = ':';
    memcpy(out + o, ps, strlen(ps) + 1);
    return out;
}
/* kinf__host_port of what the socket connects to, for the connection's log
   lines, with " (proxy)" after a proxy's; out has 272 bytes */
static const char* kinf__sock_where(const kinf_engine_t* c, char* out) {
    uint16_t pn;
    const char* host = kinf__sock_peer(c, &pn);
    kinf__host_port(out, host, pn);
#ifdef KINF__PROXY
    if (host != c->host) { memcpy(out + strlen(out), " (proxy)", 9); }
#endif
    return out;
}
/* up: TLS's handshake begun (https://), the engine told */
static int kinf__sock_up(kinf_engine_t* c, uint64_t now) {
    c->sock.connecting = 0;
#ifdef KINF_TLS_BEARSSL
    if (c->tls && !kinf__tls_connect(c)) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); return 1; }
#endif
    kinf_engine_connected(c, now);
    return 1;
}
#ifdef KINF__PROXY
/* the tunnel failed: logged (item, d1 the proxy, d2), the socket closed */
static int kinf__sock_tunnel_fail(kinf_engine_t* c, uint32_t item, const char* d2, uint64_t now) {
    char where[272];
    kinf__conn_log(c, KINF_LOG_ERROR, item, kinf__sock_where(c, where), d2, __LINE__);
    kinf__sock_close(c);
    kinf_engine_failed(c, 0, 0, now);
    return 1;
}
/* The CONNECT request for the server, into the engine's head buffer (no
   response is under way while a connection is made) */
static void kinf__sock_tunnel_begin(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    char hp[KINF__HOST_BYTES + 24];
    size_t o = 0;
    kinf__host_port(hp, c->host, c->port);
    kinf__put(c->head, sizeof(c->head), &o, "CONNECT ");
    kinf__put(c->head, sizeof(c->head), &o, hp);
    kinf__put(c->head, sizeof(c->head), &o, " HTTP/1.1\r\nHost: ");
    kinf__put(c->head, sizeof(c->head), &o, hp);
    kinf__put(c->head, sizeof(c->head), &o, "\r\n");
    if (c->proxy_auth[0]) {
        kinf__put(c->head, sizeof(c->head), &o, "Proxy-Authorization: Basic ");
        kinf__put(c->head, sizeof(c->head), &o, c->proxy_auth);
        kinf__put(c->head, sizeof(c->head), &o, "\r\n");
    }
    kinf__put(c->head, sizeof(c->head), &o, "\r\n"); /* at most about 900 bytes: it fits */
    k->tlen = (uint32_t)o; k->tpos = 0; k->tend = 0;
    k->connecting = 2;
    k->t_connect = now; /* the tunnel has a connect timeout of its own */
}
/* The tunnel's request sent, its answer's head read: 1 when the engine was
   told (up or failed), 0 to wait for the socket. */
static int kinf__sock_tunnel(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    int rounds;
    if (now - k->t_connect >= (uint64_t)c->connect_ms) { return kinf__sock_tunnel_fail(c, KINF_LOGITEM_CONNECT_TIMEOUT, " (no answer to CONNECT)", now); }
    for (rounds = 0; rounds < KINF_MAX_HEAD_BYTES + 64; rounds++) { /* the head's bytes and the request's sends */
        if (k->connecting == 2) {
            ssize_t w = send(k->fd, c->head + k->tpos, k->tlen - k->tpos, KINF__SEND_FLAGS);
            if (w < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
                return kinf__sock_tunnel_fail(c, KINF_LOGITEM_IO_ERROR, " (sending CONNECT)", now);
            }
            c->bytes_written += (uint64_t)w;
            k->tpos += (uint32_t)w;
            if (k->tpos == k->tlen) { k->connecting = 3; k->tpos = 0; }
            continue;
        } else {
            /* a byte at a time: the server's first bytes (there should be
               none before the client speaks) stay in the socket */
            uint8_t b;
            ssize_t r = recv(k->fd, &b, 1, 0);
            if (r < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
                return kinf__sock_tunnel_fail(c, KINF_LOGITEM_IO_ERROR, " (reading CONNECT's answer)", now);
            }
            if (r == 0) { return kinf__sock_tunnel_fail(c, KINF_LOGITEM_PROXY_FAILED, " (closed before its answer to CONNECT ended)", now); }
            c->bytes_read++;
            if (k->tpos < sizeof(c->head)) { c->head[k->tpos] = (char)b; }
            k->tpos++;
            k->tend = k->tend << 8 | b;
            if (k->tpos > KINF_MAX_HEAD_BYTES) { return kinf__sock_tunnel_fail(c, KINF_LOGITEM_PROXY_FAILED, " (its answer's head is too long)", now); }
            if (k->tend == 0x0d0a0d0au || (k->tend & 0xffffu) == 0x0a0au) { /* the head's end: read as any response head */
                kinf__resp ans;
                uint32_t item = 0;
                if (kinf__http_parse_head(c->head, k->tpos, &ans, &item) != KINF_OK) {
                    return kinf__sock_tunnel_fail(c, KINF_LOGITEM_PROXY_FAILED, " (not an HTTP answer to CONNECT)", now);
                }
                if (ans.status / 100 != 2) { /* its status line, visible ASCII, for the log */
                    char d[124];
                    size_t i, o = 0;
                    d[o++] = ':'; d[o++] = ' ';
                    for (i = 0; i < k->tpos && c->head[i] != '\r' && c->head[i] != '\n' && o < sizeof(d) - 2; i++) {
                        uint8_t ch = (uint8_t)c->head[i];
                        d[o++] = ch < 0x20 || ch > 0x7e ? '?' : (char)ch;
                    }
                    d[o] = 0;
                    return kinf__sock_tunnel_fail(c, KINF_LOGITEM_PROXY_REFUSED, d, now);
                }
                c->head[0] = 0;
                return kinf__sock_up(c, now);
            }
        }
    }
    return 0;
}
#endif
/* The engine wants a connection: starts one, or sees whether the one under
   way is up, and tells the engine. 1 when it was told, 0 to wait. */
static int kinf__sock_connect(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    struct pollfd pf;
    char where[272];
    int err = 0;
    socklen_t el = sizeof(err);
#ifdef KINF__PROXY
    if (k->connecting >= 2) { return kinf__sock_tunnel(c, now); }
#endif
    if (!k->connecting) {
        kinf__sock_close(c);
        c->err_item = 0;
        if (!kinf__sock_resolve(c)) { kinf_engine_failed(c, KINF_LOGITEM_RESOLVE_FAILED, c->host, now); return 1; }
        if (!kinf__sock_connect_next(c, now)) { kinf_engine_failed(c, KINF_LOGITEM_CONNECT_FAILED, kinf__sock_where(c, where), now); return 1; }
    }
    pf.fd = k->fd; pf.events = POLLOUT; pf.revents = 0;
    if (poll(&pf, 1, 0) <= 0) {
        if (now - k->t_connect < (uint64_t)c->connect_ms) { return 0; }
        if (kinf__sock_connect_next(c, now)) { return 1; }
        kinf_engine_failed(c, KINF_LOGITEM_CONNECT_TIMEOUT, kinf__sock_where(c, where), now);
        return 1;
    }
    if (getsockopt(k->fd, SOL_SOCKET, SO_ERROR, &err, &el) != 0 || err != 0) {
        if (kinf__sock_connect_next(c, now)) { return 1; }
        KINF__CERR(c, CONNECT_FAILED, kinf__sock_where(c, where), err == ECONNREFUSED ? " (refused)" : 0);
        kinf_engine_failed(c, 0, 0, now);
        return 1;
    }
#ifdef KINF__PROXY
    if (c->proxy_host[0]) {
        kinf__sock_tunnel_begin(c, now);
        return kinf__sock_tunnel(c, now);
    }
#endif
    return kinf__sock_up(c, now);
}

/* >>driver step */
/* the bytes one step reads at most before it returns, so that handlers run
   (and the queue drains) at the same pace whatever the read buffer's size:
   a read asks no more than the step has left */
#ifndef KINF__STEP_BYTES /* tests lower it */
#define KINF__STEP_BYTES (1u << 20)
#endif
/* One step: all the I/O the socket allows now, bounded: 64 rounds, and no
   read once KINF__STEP_BYTES came in. Only the public engine calls. */
static void kinf__drv_step(kinf_engine_t* c) {
    int rounds;
    size_t got = 0;
    c->counts_bytes = 1;
    for (rounds = 0; rounds < 64; rounds++) {
        uint64_t now = kinf_now_ms();
        unsigned st = kinf_engine_tick(c, now);
        if (st & KINF_ENG_CLOSE) { kinf__sock_close(c); kinf_engine_closed(c, now); continue; }
        if (st & KINF_ENG_TOKEN) { /* a failure is logged; the last token is kept */
            int rc;
#ifndef KINF_NO_EXEC
            if (c->exec) { kinf__drv_exec(c, now); continue; }
#endif
            kinf__drv_token_file(c, now, &rc);
            continue;
        }
        if (st & KINF_ENG_CONNECT) {
            if (kinf__sock_connect(c, now)) { continue; }
            return;
        }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf_engine_sendbuf(c, &len);
            long w;
            if (!b) { continue; }
            w = kinf__io_send(c, b, len);
            if (w < 0) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); continue; }
            if (w == 0) { return; }
            kinf_engine_sent(c, (size_t)w, now);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            size_t cap;
            uint8_t* b;
            long r;
            if (got >= KINF__STEP_BYTES) { return; } /* what was read is taken; the rest waits for the next step */
            b = kinf_engine_recvbuf(c, &cap);
            r = kinf__io_recv(c, b, cap < KINF__STEP_BYTES - got ? cap : KINF__STEP_BYTES - got);
            if (r == -2) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); continue; }
            if (r == 0) { return; }
            if (r == -1) { kinf__sock_close(c); kinf_engine_closed(c, now); continue; }
            got += (size_t)r;
            kinf_engine_recvd(c, (size_t)r, now);
            continue;
        }
        return;
    }
}
#if !defined(KINF_NO_FACTORY) || !defined(KINF_NO_CLIENT)
static int kinf__drv_fd(const kinf_engine_t* c) { return c->own_transport ? -1 : c->sock.fd; }
#endif
/* what the socket is waited for (KINF_WANT_*) */
static unsigned kinf__drv_wants(kinf_engine_t* c) {
    int rd; /* the response wants more bytes: nothing left to take, and room in the owner */
    if (c->own_transport || c->sock.fd < 0) { return 0; }
    if (c->sock.connecting) { return c->sock.connecting == 3 ? KINF_WANT_READ : KINF_WANT_WRITE; }
    rd = (kinf_engine_state(c) & KINF_ENG_RECV) != 0;
#ifdef KINF_TLS_BEARSSL
    if (c->tls && (c->cstate == KINF__C_SEND || c->cstate == KINF__C_RECV)) { return kinf__tls_wants(c, rd); }
#endif
    if (c->cstate == KINF__C_SEND) { return KINF_WANT_WRITE; }
    return rd ? KINF_WANT_READ : 0;
}
/* ms until the next step is due: 0 now, -1 none */
static int kinf__drv_timeout(kinf_engine_t* c) {
    uint64_t now, dl;
    if (c->own_transport) { return -1; }
    if (c->cstate == KINF__C_WANTED && !c->sock.connecting) { return 0; }
#ifdef KINF_TLS_BEARSSL
    if (c->tls && c->sock.fd >= 0 && (kinf_engine_state(c) & KINF_ENG_RECV) && kinf__tls_app_pending(c)) { return 0; }
#endif
    now = kinf_now_ms();
    dl = kinf_engine_deadline(c);
    if (c->sock.connecting && c->sock.t_connect + (uint64_t)c->connect_ms < dl) { dl = c->sock.t_connect + (uint64_t)c->connect_ms; }
    if (dl == UINT64_MAX) { return -1; }
    if (dl <= now) { return 0; }
    return (dl - now > 0x7fffffffu) ? 0x7fffffff : (int)(dl - now);
}
/* What the socket is waited for now, to desc.on_socket when it changed
   since it was told: at the end of every driver call that can change it. */
static void kinf__drv_tell(kinf_engine_t* c) {
    unsigned w;
    if (!c->on_socket.func || c->sock.fd < 0 || c->in_callback) { return; }
    w = kinf__drv_wants(c);
    if (w != c->sock_told) { kinf__sock_tell(c, KINF_SOCKET_CHANGED, w); }
}
/* Waits for the socket or the deadline, at most timeout_ms (< 0: no limit),
   then steps. */
static void kinf__drv_poll(kinf_engine_t* c, int timeout_ms) {
    int t, wait;
    unsigned w;
    if (kinf__conn_busy(c, "the driver's poll")) { return; } /* from a callback (the socket callback's included) */
    t = kinf__drv_timeout(c); w = kinf__drv_wants(c);
    wait = timeout_ms < 0 ? t : (t < 0 || t > timeout_ms ? timeout_ms : t);
    if (wait != 0) {
        struct pollfd pf;
        pf.fd = c->sock.fd;
        pf.events = (short)(((w & KINF_WANT_READ) ? POLLIN : 0) | ((w & KINF_WANT_WRITE) ? POLLOUT : 0));
        pf.revents = 0;
        if (pf.fd >= 0 && w) { poll(&pf, 1, wait); }
        else if (wait > 0) { poll(0, 0, wait); }
    }
    kinf__drv_step(c); /* a stopped owner asks for nothing, or for a close */
    kinf__drv_tell(c);
}
#endif /* KINF_ENGINE_ONLY */
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
/* A slot's journal bits (>>snapshot journal): DIRTY, changed since the last
   image or journal append; SAVED, the key is in the file (image or
   journal); TOMB, a SAVED key deleted and freed before the journal said so:
   the slot keeps its block (the key) and nothing else until the next append
   writes the delete, or a store short of room takes it back and the next
   save is a full image; OLDBASE, old is the version the file holds (the
   base of the key's next record, an edit of it). The file's version of a
   SAVED key is cur while the key is clean; once it changed, base (the
   block kept when cur moved on), old with OLDBASE, or none (released when
   the store was short of bytes: the record holds the object whole). */
enum { KINF__J_DIRTY = 2, KINF__J_SAVED = 4, KINF__J_TOMB = 8, KINF__J_OLDBASE = 16, KINF__J_ALL = 30 }; /* in ixflags, beside the index's bit */
typedef struct kinf__slot {
    uint32_t cur, old;
    int32_t pnext;
    uint16_t gen;
    uint8_t flags, ixflags;
#ifndef KINF_NO_SNAPSHOT
    uint32_t base;                /* the file's version of a SAVED key changed since (see above), or 0 */
#endif
} kinf__slot;
/* who owns an arena block: the slot's cur, old or base (kinf__blk.owner's low bits) */
enum { KINF__R_CUR = 0, KINF__R_OLD = 1, KINF__R_BASE = 2 };
/* the slot's journal bits set to j, its index bit kept */
static void kinf__slot_j(kinf__slot* sl, unsigned j) { sl->ixflags = (uint8_t)((sl->ixflags & ~(unsigned)KINF__J_ALL) | j); }
typedef struct kinf__ixlink { int32_t next, prev; } kinf__ixlink;
/* fn is a kinf_index_values_fn when the index's bit of ix_multi is set */
typedef struct kinf__index { kinf_index_fn fn; void* user; char name[48]; } kinf__index;
/* what an index function's values go to: linked for the object in slot s
   (n of the ixk nodes used), or, when want is set, compared with it */
struct kinf_index_values_t {
    kinf_informer_t* inf;
    int x, n, over, found;
    int32_t s;
    const char* want;
};
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
/* a registered handler: the caller's copy, its resync period
   (kinf_add_handler_resync), when its resync is due (0: none, before
   has-synced or with no period), whether a resync round under way passes
   it by (not due), and whether kinf_remove_handler freed the slot (its
   callbacks then NULL) */
typedef struct kinf__hslot { kinf_handler_t h; uint64_t next_resync; int period; uint8_t mute, gone; } kinf__hslot;
typedef char kinf__handler_fits[(sizeof(kinf__hslot) <= KINF_HANDLER_BYTES && sizeof(kinf__index) <= KINF_HANDLER_BYTES) ? 1 : -1];

enum { KINF__PH_IDLE = 0, KINF__PH_LIST, KINF__PH_WATCH, KINF__PH_BACKOFF };
enum { KINF__RUN_NEW = 0, KINF__RUN_STARTED }; /* started: the first request was made; indexes are fixed */
enum { KINF__RV_ZERO = 0, KINF__RV_LAST, KINF__RV_UNSET };
enum { KINF__BODY_LIST = 0, KINF__BODY_WATCH, KINF__BODY_STATUS };

struct kinf_informer_t {
    uint32_t magic;
    /* config */
    kinf_engine_t conn;           /* the connection: server, credentials, socket, TLS, the exchange */
    kinf_logger_t logger;
    char tag[32];
    char path[KINF__MAX_STR];
    uint16_t ns_off, ns_len;      /* the namespace watched, inside path (0 long: all, or a cluster-scoped resource) */
    char lsel[KINF__MAX_STR], fsel[KINF__MAX_STR];
#ifndef KINF_NO_SELECTOR
    kinf_selector_t sel;          /* lsel and fsel read: what an object must match to be cached */
#endif
    int max_objects, max_tokens, fifo_cap, max_handlers, max_indexes, budget, list_limit;
    size_t store_bytes, max_event_bytes;
    int resync_ms, watch_timeout_s;
    uint32_t rng;
    kinf__rules rules;
    /* memory */
    size_t mem_size, mem_layout;
    kinf__slot* slots;
    uint32_t* kb;
    uint32_t kb_n;                /* key buckets */
    int obj_cap;                  /* the objects the tables hold now: max_objects, or fewer under a factory's budget (>>store tables) */
    kinf__ixlink* ix;
    uint32_t* ixv;                /* the custom indexes' value hash per slot, 0: not linked */
    int32_t* ixb;
    uint32_t ixb_mask;
    kinf__index* idx;
    int nidx;
    int ixk;                      /* desc.max_index_values: a custom index's nodes per slot */
    uint32_t ix_multi;            /* bit x: index x's function is a kinf_index_values_fn */
    kinf__hslot* handlers;
    int nhandlers;
    int32_t hd_slot1;             /* 1 + the slot whose change the handlers were given last, 0 none */
    jsmntok_t* toks;
    uint8_t* ev;
    uint8_t* arena;
#ifndef KINF_NO_FACTORY
    /* a factory's store budget: called when the arena is full for need more
       bytes; 1 when store_bytes grew so that top + need fits (this arena
       stays where it is; the factory moves the stores after it) */
    int (*grow)(kinf_informer_t* inf, size_t need);
    void* grow_user;
#endif
    /* store */
    size_t top, used, peak;
    size_t slack;                 /* of used, bytes past each block's need (a list's block too small to split) */
    uint32_t fl_map;              /* the arena's free lists (>>store arena): bit f, some list of row f holds a block */
    uint16_t sl_map[KINF__FL_N];  /* bit s of row f: list f * KINF__SL_N + s holds a block */
    uint32_t fl_head[KINF__FL_N * KINF__SL_N]; /* each list's first free block (ref), 0: empty */
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
    uint64_t fresh_at;            /* engine time the cache was last confirmed current (an event, a bookmark, a list's end) */
    uint8_t fresh;                /* fresh_at is set */
    uint16_t gen_fresh;           /* the generation a slot starts at when first used, or used again after it was given back */
    /* reflector */
    int phase, req_kind, next_kind, rv_mode, started;
    char last_rv[KINF__MAX_RV];
    char req_rv[KINF__MAX_RV];
    char cont[KINF_MAX_CONTINUE];
    char c_type[16], c_name[KINF__MAX_NAME], c_ns[KINF__MAX_NAME], c_uid[KINF__MAX_UID], c_rv[KINF__MAX_RV], c_lrv[KINF__MAX_RV];
    char c_cont[KINF_MAX_CONTINUE];
    kinf__scan scan;
    uint32_t responses;           /* responses read to their end */
    uint64_t backoff_until, watch_start, healthy_since;
    uint64_t watch_events;
    int backoff_n;
    char wbuf[KINF__WBUF];        /* the request (the connection's wbuf) */
    int body_mode;
    uint8_t gz_redo;              /* a gzip list was given up: items it applied may be corrupt (its CRC is
                                     checked only at the end), so lists re-apply items of the same
                                     resourceVersion until one completes */
    /* errors and stats */
    uint32_t last_error;
    kinf_stats_t st;
    char logbuf[400];
    volatile int stop;
    int fatal, listed;
    uint32_t fatal_item;          /* the item that stopped the informer (fatal): kinf_poll refuses with it */
    uint8_t list_nolimit;
    /* the persisted cache (>>snapshot): loaded from one, stale until resumed;
       dirty: the store changed since the last snapshot written or loaded */
    uint8_t snap_loaded, snap_stale, snap_dirty, snap_written;
    uint8_t fifo_unlinked;        /* a journal's replay at load: keys queued are PENDING, not linked (kinf__fifo_relink) */
    uint64_t snap_time;           /* the loaded snapshot's write time (unix ms) */
    uint64_t snap_dirty_since, snap_write_at; /* engine times: the first change not written, the last write */
    /* the snapshot file's saves failing in a row: the step of the last one
       (kinf__snap_fail; 0 when the last save worked), how many, and the
       engine time of the last (autosave's backoff) */
    uint8_t snap_fail;
    uint32_t snap_fails;
    uint64_t snap_fail_at;
    /* the journal (>>snapshot journal): the XXH64 of the image it follows
       (snap_jbase_ok 0: none known, the next save is an image), the bytes
       of the image and of the journal, tombstones waiting, an image owed,
       and the FNV-1a of the path the image is at (a save elsewhere: an image) */
    uint8_t snap_jbase_ok, snap_need_image;
    int32_t snap_ntomb, snap_nbase;  /* tombstones and bases (kinf__slot.base) kept */
    uint64_t snap_jbase, snap_ibytes, snap_jbytes, snap_jpath;
    uint64_t snap_jchanges;       /* the changes the journal holds (its replay's cost: KINF__JRNL_PCT) */
    /* watch-list (>>watchlist): desc.watch_list; off: refused once (AUTO
       remembers it); skip: this relist goes through LIST; init: the watch
       under way is a watch-list whose initial events have not ended;
       timeout_ms: desc.watch_list_timeout_ms; progress: the engine time of
       the stream's head or its last initial event; why: what a record found
       that only a plain watch sends (KINF__REC_WL_PLAIN) */
    uint8_t wl_mode, wl_off, wl_skip, wl_init;
    uint32_t wl_timeout_ms;
    uint64_t wl_progress;
    const char* wl_why;
    uint8_t meta_only;            /* desc.metadata_only (>>metadata) */
    uint8_t skip_unchanged;       /* desc.skip_unchanged (>>store unchanged) */
};
/* lists re-apply items whose resourceVersion is unchanged: after a failed gzip list */
#ifndef KINF_NO_GZIP
#define KINF__GZ_REDO(inf) ((inf)->gz_redo)
#else
#define KINF__GZ_REDO(inf) 0
#endif
/* a change to the store: a snapshot written now would differ */
static void kinf__snap_touch(kinf_informer_t* inf, int32_t s) {
    inf->slots[s].ixflags |= KINF__J_DIRTY;
    if (!inf->snap_dirty) { inf->snap_dirty = 1; inf->snap_dirty_since = inf->conn.now; }
}
typedef char kinf__fixed_fits[(sizeof(struct kinf_informer_t) + KINF_READ_BYTES + 64 <= KINF_FIXED_BYTES) ? 1 : -1]; /* with the default read buffer */

/* >>context log  the informer's log lines: the sticky error and the error count */
static void kinf__log(kinf_informer_t* inf, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    if (level <= KINF_LOG_ERROR) { inf->last_error = item; inf->st.errors++; }
    kinf__log2(&inf->logger, inf->tag, level, item, line, inf->logbuf, sizeof(inf->logbuf), d1, d2);
}
#define KINF__ERR(inf, item, d1, d2) kinf__log((inf), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__WARN(inf, item, d1, d2) kinf__log((inf), KINF_LOG_WARN, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__INFO(inf, item, d1, d2) kinf__log((inf), KINF_LOG_INFO, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
static int kinf__ok(const kinf_informer_t* inf) { return inf && inf->magic == KINF__MAGIC; }
/* A call from a callback does nothing, and says so. */
static int kinf__in_callback(kinf_informer_t* inf, const char* call) {
    if (!inf->conn.in_callback) { return 0; }
    KINF__ERR(inf, IN_CALLBACK, call, 0);
    return 1;
}
/* the driver's time: kinf_poll's clock, or the last now_ms a transport of the caller's gave */
static uint64_t kinf__now(const kinf_informer_t* inf) {
#ifndef KINF_ENGINE_ONLY
    if (inf->conn.counts_bytes) { return kinf_now_ms(); }
#endif
    return inf->conn.now;
}
/* ms since the cache was last confirmed current; -1: never */
static int64_t kinf__fresh_age(const kinf_informer_t* inf) {
    uint64_t now = kinf__now(inf);
    if (!inf->fresh) { return -1; }
    return now > inf->fresh_at ? (int64_t)(now - inf->fresh_at) : 0;
}
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

/* Just past the JSON value that starts at b[i], or 0 when no whole value
   lies before e: strings and brackets are matched, not validated (what the
   informer stores has passed the scanner; a caller's own value may not).
   The one skip over a value: projection and the field readers use it. */
static size_t kinf__json_end(const uint8_t* b, size_t i, size_t e) {
    size_t s = i, depth = 0;
    if (i >= e) { return 0; }
    if (b[i] != '{' && b[i] != '[' && b[i] != '"') { /* a number or literal */
        while (i < e && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ':' &&
               b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r') { i++; }
        return i > s ? i : 0;
    }
    do {
        uint8_t c = b[i++];
        if (c == '"') {
            for (;;) {
                i = kinf__str_run(b, i, e, 0);
                if (i >= e) { return 0; }
                if (b[i] == '"') { break; }
                i += 2; /* an escape: the byte after the backslash is not the end */
            }
            i++;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            depth--;
        }
    } while (depth > 0 && i < e);
    return depth == 0 ? i : 0;
}
static void kinf__pj_c(kinf__pj* q, char c) { q->b[q->o++] = (uint8_t)c; }
static void kinf__pj_ws(kinf__pj* q) {
    if (q->ws) { while (q->i < q->e && (q->b[q->i] == ' ' || q->b[q->i] == '\t' || q->b[q->i] == '\n' || q->b[q->i] == '\r')) { q->i++; } }
}
static void kinf__pj_skip(kinf__pj* q) { /* one value (a key too) */
    size_t j = kinf__json_end(q->b, q->i, q->e);
    if (j) { q->i = j; } else { q->i = q->e; q->err = 1; }
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
            kinf__pj_skip(q);
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
/* One keep or drop path ("a.b.c", "\\." a literal dot) into rule r, its
   segments' bytes appended to rs->buf. 0 when it is empty, too deep or too long. */
static int kinf__rule_parse(kinf__rules* rs, kinf__rule* r, const char* path) {
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
            kinf__pj_skip(q);
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
/* Projects the object at inf->ev[start..end) into inf->ev[*at..); returns
   the length, or -1 if it is not an object. *at is 0, but for an object
   kept as it came, which stays where it is. */
static long kinf__project(kinf_informer_t* inf, size_t start, size_t end, size_t* at) {
    kinf__pj q;
    uint32_t km, dm;
    int full;
    kinf__rules_all(&inf->rules, &km, &dm, &full);
    q.b = inf->ev; q.i = start; q.e = end; q.o = 0; q.ws = inf->scan.ws; q.err = 0; q.rules = &inf->rules; q.sc = &inf->scan;
    kinf__pj_ws(&q);
    if (q.i >= q.e || q.b[q.i] != '{') { return -1; }
    *at = 0;
    if (full && !dm && !q.ws) { /* nothing to drop, no whitespace to take out: the object as it came, where it is */
        *at = q.i;
        return (long)(q.e - q.i);
    }
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

#ifndef KINF_NO_SELECTOR
/* >>selector  label and field selectors, read as the API server reads them
   (labels: =, ==, !=, in, notin, exists, !exists, >, <; fields: =, ==, !=
   with \ escapes) into a fixed kinf_selector_t, and matched against an
   object's compact JSON. The informer refuses what its own selectors do not
   match; the node-local server filters its lists and watches with them. */
enum { KINF__SEL_EXISTS = 1, KINF__SEL_NOT_EXISTS, KINF__SEL_EQ, KINF__SEL_NE, KINF__SEL_IN, KINF__SEL_NOTIN,
       KINF__SEL_GT, KINF__SEL_LT, KINF__SEL_FEQ, KINF__SEL_FNE };
#define KINF__SEL_FIELD(op) ((op) >= KINF__SEL_FEQ)

/* why, when a selector is refused */
static int kinf__sel_why(char* why, size_t cap, const char* what, const char* at, size_t n) {
    size_t o = 0;
    if (why && cap) {
        why[0] = 0;
        kinf__cat(why, cap, what);
        if (at) {
            o = strlen(why);
            kinf__cat(why, cap, ": '");
            o += 3;
            while (n-- && o + 2 < cap) { why[o++] = *at++; }
            why[o] = 0;
            kinf__cat(why, cap, "'");
        }
    }
    return KINF_ERR_INVAL;
}
/* appends n bytes and a NUL to the selector's text; its offset, or -1 when full */
static int32_t kinf__sel_put(kinf_selector_t* s, const char* p, size_t n) {
    int32_t at = (int32_t)s->used;
    if (n + 1 > sizeof(s->text) - s->used) { return -1; }
    memcpy(s->text + s->used, p, n);
    s->text[s->used + n] = 0;
    s->used = (uint16_t)(s->used + n + 1);
    return at;
}
/* a label value, or the name part of a key: at most 63 bytes of
   [A-Za-z0-9_.-], alphanumeric at both ends (empty allowed for values) */
static int kinf__sel_name_ok(const char* p, size_t n) {
    size_t i;
    if (n == 0) { return 1; }
    if (n > 63) { return 0; }
    for (i = 0; i < n; i++) {
        char c = p[i];
        int an = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!an && ((i == 0 || i == n - 1) || (c != '-' && c != '_' && c != '.'))) { return 0; }
    }
    return 1;
}
/* a label key: [prefix/]name, the prefix a DNS subdomain (at most 253 bytes
   of lower-case alphanumerics, '-' and '.', alphanumeric at both ends) */
static int kinf__sel_key_ok(const char* p, size_t n) {
    const char* sl = (const char*)memchr(p, '/', n);
    size_t i, pn;
    if (!sl) { return n > 0 && kinf__sel_name_ok(p, n); }
    pn = (size_t)(sl - p);
    if (pn == 0 || pn > 253 || n - pn - 1 == 0 || !kinf__sel_name_ok(sl + 1, n - pn - 1)) { return 0; }
    for (i = 0; i < pn; i++) {
        char c = p[i];
        int an = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (!an && ((i == 0 || i == pn - 1) || (c != '-' && c != '.'))) { return 0; }
    }
    return 1;
}
/* an integer label value for > and <, as a 64-bit signed number */
static int kinf__sel_int(const char* p, size_t n, int64_t* v) {
    uint64_t u = 0;
    size_t i = 0;
    int neg = 0;
    if (n && (p[0] == '-' || p[0] == '+')) { neg = p[0] == '-'; i = 1; }
    if (i == n || n - i > 18) { return 0; }
    for (; i < n; i++) {
        if (p[i] < '0' || p[i] > '9') { return 0; }
        u = u * 10u + (uint64_t)(p[i] - '0');
    }
    *v = neg ? -(int64_t)u : (int64_t)u;
    return 1;
}

/* >>selector labels  the label selector's lexer and grammar */
enum { KINF__LT_END = 0, KINF__LT_ID, KINF__LT_NOT, KINF__LT_NE, KINF__LT_EQ, KINF__LT_COMMA, KINF__LT_OPEN,
       KINF__LT_CLOSE, KINF__LT_GT, KINF__LT_LT, KINF__LT_BAD };
typedef struct kinf__sel_lex { const char* p; const char* tok; size_t n; } kinf__sel_lex;
static int kinf__sel_special(char c) {
    return c == '!' || c == '=' || c == ',' || c == '(' || c == ')' || c == '<' || c == '>' ||
           c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0;
}
static int kinf__sel_next(kinf__sel_lex* x) {
    const char* p = x->p;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f') { p++; }
    x->tok = p; x->n = 1;
    switch (*p) {
    case 0: x->n = 0; x->p = p; return KINF__LT_END;
    case ',': x->p = p + 1; return KINF__LT_COMMA;
    case '(': x->p = p + 1; return KINF__LT_OPEN;
    case ')': x->p = p + 1; return KINF__LT_CLOSE;
    case '<': x->p = p + 1; return KINF__LT_LT;
    case '>': x->p = p + 1; return KINF__LT_GT;
    case '!': if (p[1] == '=') { x->n = 2; x->p = p + 2; return KINF__LT_NE; } x->p = p + 1; return KINF__LT_NOT;
    case '=': if (p[1] == '=') { x->n = 2; } x->p = p + x->n; return KINF__LT_EQ;
    default: break;
    }
    while (!kinf__sel_special(*p)) { p++; }
    x->n = (size_t)(p - x->tok); x->p = p;
    return KINF__LT_ID;
}
static int kinf__sel_is(const kinf__sel_lex* x, const char* word) { return x->n == strlen(word) && !memcmp(x->tok, word, x->n); }
/* One requirement, from the lexer's current token t. Returns KINF_OK and
   the token after it, in *t. */
static int kinf__sel_label_term(kinf_selector_t* s, kinf__sel_lex* x, int* t, char* why, size_t cap) {
    const char* key;
    size_t kn;
    int op;
    int32_t at;
    if (s->nterms >= KINF_SELECTOR_TERMS) { kinf__sel_why(why, cap, "more terms than KINF_SELECTOR_TERMS", 0, 0); return KINF_ERR_NOMEM; }
    if (*t == KINF__LT_NOT) {
        if (kinf__sel_next(x) != KINF__LT_ID) { return kinf__sel_why(why, cap, "a label key expected after '!'", x->tok, x->n); }
        op = KINF__SEL_NOT_EXISTS;
    } else if (*t != KINF__LT_ID) {
        return kinf__sel_why(why, cap, "a label key expected", x->tok, x->n ? x->n : strlen(x->tok));
    } else {
        op = KINF__SEL_EXISTS;
    }
    key = x->tok; kn = x->n;
    if (!kinf__sel_key_ok(key, kn)) { return kinf__sel_why(why, cap, "not a valid label key", key, kn); }
    if ((at = kinf__sel_put(s, key, kn)) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
    s->term[s->nterms].key = (uint16_t)at; s->term[s->nterms].klen = (uint16_t)kn;
    s->term[s->nterms].val = (uint16_t)s->used; s->term[s->nterms].vlen = 0; s->term[s->nterms].nval = 0;
    *t = kinf__sel_next(x);
    if (op == KINF__SEL_EXISTS && *t != KINF__LT_END && *t != KINF__LT_COMMA) {
        int single = *t == KINF__LT_EQ || *t == KINF__LT_NE || *t == KINF__LT_GT || *t == KINF__LT_LT;
        if (single) {
            op = *t == KINF__LT_EQ ? KINF__SEL_EQ : *t == KINF__LT_NE ? KINF__SEL_NE : *t == KINF__LT_GT ? KINF__SEL_GT : KINF__SEL_LT;
            *t = kinf__sel_next(x);
            if (*t == KINF__LT_ID) {
                int64_t v;
                if (op == KINF__SEL_GT || op == KINF__SEL_LT) { /* an integer, not a label value */
                    if (!kinf__sel_int(x->tok, x->n, &v)) { return kinf__sel_why(why, cap, "'>' and '<' take an integer", x->tok, x->n); }
                } else if (!kinf__sel_name_ok(x->tok, x->n)) {
                    return kinf__sel_why(why, cap, "not a valid label value", x->tok, x->n);
                }
                if (kinf__sel_put(s, x->tok, x->n) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
                s->term[s->nterms].vlen = (uint16_t)x->n;
                *t = kinf__sel_next(x);
            } else if ((*t == KINF__LT_END || *t == KINF__LT_COMMA) && op != KINF__SEL_GT && op != KINF__SEL_LT) {
                if (kinf__sel_put(s, "", 0) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
            } else {
                return kinf__sel_why(why, cap, "a label value expected", x->tok, x->n ? x->n : strlen(x->tok));
            }
            s->term[s->nterms].nval = 1;
        } else if (*t == KINF__LT_ID && (kinf__sel_is(x, "in") || kinf__sel_is(x, "notin"))) {
            op = kinf__sel_is(x, "in") ? KINF__SEL_IN : KINF__SEL_NOTIN;
            if (kinf__sel_next(x) != KINF__LT_OPEN) { return kinf__sel_why(why, cap, "'(' expected", x->tok, x->n); }
            *t = kinf__sel_next(x);
            if (*t == KINF__LT_CLOSE) { return kinf__sel_why(why, cap, "'in' and 'notin' need at least one value", key, kn); }
            for (;;) { /* value? (',' value?)* ')': a value may be empty */
                const char* v = "";
                size_t vn = 0;
                if (*t == KINF__LT_ID) {
                    v = x->tok; vn = x->n;
                    if (!kinf__sel_name_ok(v, vn)) { return kinf__sel_why(why, cap, "not a valid label value", v, vn); }
                    *t = kinf__sel_next(x);
                }
                if (s->term[s->nterms].nval == 255 || kinf__sel_put(s, v, vn) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
                s->term[s->nterms].nval++;
                if (*t == KINF__LT_CLOSE) { break; }
                if (*t != KINF__LT_COMMA) { return kinf__sel_why(why, cap, "',' or ')' expected", x->tok, x->n ? x->n : strlen(x->tok)); }
                *t = kinf__sel_next(x);
            }
            s->term[s->nterms].vlen = (uint16_t)(s->used - s->term[s->nterms].val);
            *t = kinf__sel_next(x);
        } else {
            return kinf__sel_why(why, cap, "an operator expected", x->tok, x->n);
        }
    }
    s->term[s->nterms].op = (uint8_t)op;
    s->nterms++;
    return KINF_OK;
}
static int kinf__sel_labels(kinf_selector_t* s, const char* text, char* why, size_t cap) {
    kinf__sel_lex x;
    int t, r;
    x.p = text; x.tok = text; x.n = 0;
    t = kinf__sel_next(&x);
    if (t == KINF__LT_END) { return KINF_OK; } /* everything */
    for (;;) {
        if ((r = kinf__sel_label_term(s, &x, &t, why, cap)) != KINF_OK) { return r; }
        if (t == KINF__LT_END) { return KINF_OK; }
        if (t != KINF__LT_COMMA) { return kinf__sel_why(why, cap, "',' expected", x.tok, x.n); }
        t = kinf__sel_next(&x);
    }
}

/* >>selector fields  the field selector: terms split at unescaped commas,
   each field=value, field==value or field!=value; \\, \, and \= escape */
static int kinf__sel_fields(kinf_selector_t* s, const char* text, char* why, size_t cap) {
    const char* p = text;
    while (*p) {
        const char* e = p;
        const char* op = 0;
        size_t on = 0;
        int32_t at;
        while (*e && *e != ',') { if (*e == '\\' && e[1]) { e++; } e++; }
        if (e == p) { p++; continue; } /* an empty term */
        { /* the first operator, left to right: "!=", "==", then "=" */
            const char* q;
            for (q = p; q < e && !op; q++) {
                if (q[0] == '!' && q + 1 < e && q[1] == '=') { op = q; on = 2; }
                else if (q[0] == '=') { op = q; on = (q + 1 < e && q[1] == '=') ? 2 : 1; }
            }
        }
        if (!op) { return kinf__sel_why(why, cap, "a field term without '=', '==' or '!='", p, (size_t)(e - p)); }
        if (op == p) { return kinf__sel_why(why, cap, "a field term without a field", p, (size_t)(e - p)); }
        if (s->nterms >= KINF_SELECTOR_TERMS) { kinf__sel_why(why, cap, "more terms than KINF_SELECTOR_TERMS", 0, 0); return KINF_ERR_NOMEM; }
        if ((at = kinf__sel_put(s, p, (size_t)(op - p))) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
        s->term[s->nterms].key = (uint16_t)at; s->term[s->nterms].klen = (uint16_t)(op - p);
        s->term[s->nterms].op = (uint8_t)(op[0] == '!' ? KINF__SEL_FNE : KINF__SEL_FEQ);
        s->term[s->nterms].val = s->used; s->term[s->nterms].nval = 1;
        { /* the value, unescaped */
            const char* q = op + on;
            size_t n = 0;
            if (s->used >= sizeof(s->text)) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
            for (; q < e; q++) {
                char c = *q;
                if (c == '\\') {
                    c = *++q;
                    if (c != '\\' && c != ',' && c != '=') { return kinf__sel_why(why, cap, "an invalid escape in a field value", p, (size_t)(e - p)); }
                } else if (c == '=') {
                    return kinf__sel_why(why, cap, "an unescaped '=' in a field value", p, (size_t)(e - p));
                }
                if ((size_t)s->used + n + 1 >= sizeof(s->text)) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
                s->text[s->used + n++] = c;
            }
            s->text[s->used + n] = 0;
            s->term[s->nterms].vlen = (uint16_t)n;
            s->used = (uint16_t)(s->used + n + 1);
        }
        s->nterms++;
        p = *e ? e + 1 : e;
    }
    return KINF_OK;
}

/* >>selector match */
/* the path a term reads, written into buf ("metadata.labels.<key>" with its
   dots escaped, or the field); 0 when it does not fit */
static int kinf__sel_path(const kinf_selector_t* s, unsigned i, char* buf, size_t cap) {
    const char* k = s->text + s->term[i].key;
    size_t o = 0, j;
    if (KINF__SEL_FIELD(s->term[i].op)) { return kinf__strlcpy(buf, k, cap); }
    if (cap < 17) { return 0; }
    memcpy(buf, "metadata.labels.", 16); o = 16;
    for (j = 0; j < s->term[i].klen; j++) {
        if (k[j] == '.' || k[j] == '\\') { if (o + 1 >= cap) { return 0; } buf[o++] = '\\'; }
        if (o + 1 >= cap) { return 0; }
        buf[o++] = k[j];
    }
    buf[o] = 0;
    return 1;
}
static int kinf__sel_term(const kinf_selector_t* s, unsigned i, const kinf_object_t* obj) {
    char path[KINF__MAX_STR], val[256];
    const char* v = s->text + s->term[i].val;
    kinf_value_t fv;
    size_t n = 0;
    int has, k, op = s->term[i].op;
    if (!kinf__sel_path(s, i, path, sizeof(path))) { return 0; }
    has = kinf_field(obj, path, &fv);
    if (has && fv.type != KINF_VNULL) {
        if (fv.type == KINF_VOBJECT || fv.type == KINF_VARRAY) { n = sizeof(val); } /* equal to no value */
        else if ((n = kinf_value_str(&fv, val, sizeof(val))) >= sizeof(val)) { n = sizeof(val); }
    } else {
        val[0] = 0;
        if (!KINF__SEL_FIELD(op)) { has = 0; } /* a label set to null is no label */
    }
    switch (op) {
    case KINF__SEL_EXISTS: return has;
    case KINF__SEL_NOT_EXISTS: return !has;
    case KINF__SEL_FEQ: case KINF__SEL_EQ: return (has || op == KINF__SEL_FEQ) && n == s->term[i].vlen && !memcmp(val, v, n);
    case KINF__SEL_FNE: case KINF__SEL_NE: return !((has || op == KINF__SEL_FNE) && n == s->term[i].vlen && !memcmp(val, v, n));
    case KINF__SEL_IN: case KINF__SEL_NOTIN: {
        int in = 0;
        for (k = 0; k < s->term[i].nval && !in; k++, v += strlen(v) + 1) { in = has && n == strlen(v) && !memcmp(val, v, n); }
        return op == KINF__SEL_IN ? in : !in;
    }
    default: { /* > and < */
        int64_t a, b;
        if (!has || n >= sizeof(val) || !kinf__sel_int(val, n, &a) || !kinf__sel_int(v, s->term[i].vlen, &b)) { return 0; }
        return op == KINF__SEL_GT ? a > b : a < b;
    }
    }
}
/* Is a path a selector term reads kept by rules rs? (its every segment followed
   through the keep and drop rules, as projection follows them) */
static int kinf__sel_path_kept(const char* path, const kinf__rules* rs) {
    const char* p = path;
    uint32_t km, dm, km2, dm2;
    int full, cfull, seg = 0;
    if (!strcmp(path, "metadata.name") || !strcmp(path, "metadata.namespace")) { return 1; } /* the object's fields */
    kinf__rules_all(rs, &km, &dm, &full);
    while (*p) {
        char k[256];
        size_t kn = 0;
        while (*p && *p != '.') {
            if (*p == '\\' && p[1]) { p++; }
            if (kn + 1 >= sizeof(k)) { return 0; }
            k[kn++] = *p++;
        }
        if (*p == '.') { p++; }
        if (kinf__pj_decide(rs, (const uint8_t*)k, kn, seg++, km, dm, full, &km2, &dm2, &cfull)) { return 0; }
        km = km2; dm = dm2; full = cfull;
    }
    return full;
}
static int kinf__sel_kept(const kinf_selector_t* s, unsigned i, const kinf__rules* rs) {
    char path[KINF__MAX_STR];
    return kinf__sel_path(s, i, path, sizeof(path)) && kinf__sel_path_kept(path, rs);
}
/* Makes rules keep what selector s reads (nothing to add when they keep
   the whole object), so the informer can judge its objects after
   projection; under metadata_only only paths under metadata. Then marks
   the terms the rules still do not keep (dropped by a drop rule, or outside
   a metadata-only object) as not judged here. 0 when the rules are full. */
static int kinf__sel_rules(kinf__rules* rs, kinf_selector_t* s, int meta_only) {
    unsigned i;
    for (i = 0; i < s->nterms && rs->nkeep > 0; i++) {
        char path[KINF__MAX_STR];
        if (!kinf__sel_path(s, i, path, sizeof(path)) || kinf__sel_path_kept(path, rs)) { continue; }
        if (meta_only && strncmp(path, "metadata.", 9)) { continue; }
        if (rs->nkeep >= KINF_MAX_RULES) { return 0; }
        if (!kinf__rule_parse(rs, &rs->keep[rs->nkeep], path)) { continue; } /* too deep or long: not judged */
        rs->nkeep++;
    }
    return 1;
}
static void kinf__sel_settle(kinf_selector_t* s, const kinf__rules* rs) {
    unsigned i;
    s->skip = 0;
    for (i = 0; i < s->nterms; i++) {
        if (!kinf__sel_kept(s, i, rs)) { s->skip |= 1u << i; }
    }
}

/* >>selector public */
KINF_API int kinf_selector_parse(kinf_selector_t* sel, const char* label_selector, const char* field_selector, char* why, size_t cap) {
    int r;
    if (why && cap) { why[0] = 0; }
    if (!sel) { return kinf__sel_why(why, cap, "sel is NULL", 0, 0); }
    memset(sel, 0, sizeof(*sel));
    r = kinf__sel_labels(sel, label_selector ? label_selector : "", why, cap);
    if (r == KINF_OK) { r = kinf__sel_fields(sel, field_selector ? field_selector : "", why, cap); }
    if (r != KINF_OK) { sel->nterms = 0; sel->used = 0; }
    return r;
}
KINF_API int kinf_selector_match(const kinf_selector_t* sel, const kinf_object_t* obj) {
    unsigned i;
    if (!sel || !obj) { return 0; }
    for (i = 0; i < sel->nterms; i++) {
        if (!(sel->skip & (1u << i)) && !kinf__sel_term(sel, i, obj)) { return 0; }
    }
    return 1;
}
KINF_API int kinf_selector_empty(const kinf_selector_t* sel) { return !sel || sel->nterms == 0; }
KINF_API int kinf_selector_unkept(const kinf_selector_t* sel, kinf_informer_t* inf, char* path, size_t cap) {
    unsigned i;
    if (path && cap) { path[0] = 0; }
    if (!sel || !kinf__ok(inf)) { return 0; }
    for (i = 0; i < sel->nterms; i++) {
        if (!kinf__sel_kept(sel, i, &inf->rules)) {
            if (path && cap) { kinf__sel_path(sel, i, path, cap); }
            return 1;
        }
    }
    return 0;
}
#endif /* KINF_NO_SELECTOR */
/* >>store arena  Object data lives in one arena. A freed block goes on a
   free list by its size (two levels: a power of two, then 16 steps of it)
   after it is merged with a free neighbour; an allocation takes a block from
   the lists, split when the rest can be a block, before it grows the top.
   Only when neither serves does it compact the arena (the blocks slid down
   in order, each trimmed to its bytes): the store refuses an object only
   when the live blocks and it do not fit, as it always did. A block's owner
   field lets compaction fix the slot's reference. Everything is an offset
   from inf->arena, so the arena may move with inf->arena alone.
   A free block: size, KINF__FREE_OWNER, the next and previous free block of
   its list (refs, 0: none), and its size again in its last 4 bytes, which
   the block above, whose pfree is set, reads to merge with it. No two free
   blocks touch, and the block below the top is never free. */
#define KINF__FREE_OWNER 0xffffffffu
#define KINF__NEW_OWNER 0xfffffffeu  /* allocated, its slot not yet set (kinf__set_ref) */
#define KINF__FREE_MIN 20u   /* size, owner, the two links and the size at the end */
#define KINF__FIT_SCAN 8     /* blocks of its own list an allocation looks at */
static kinf__blk* kinf__blk_at(const kinf_informer_t* inf, uint32_t ref) { return (kinf__blk*)(void*)(inf->arena + ref - 1u); }
/* the 4-byte word at byte off of block ref (a free block's links and end) */
static uint32_t* kinf__blk_word(const kinf_informer_t* inf, uint32_t ref, uint32_t off) { return (uint32_t*)(void*)(inf->arena + ref - 1u + off); }
/* the slot's reference that owns a block of role r (KINF__R_*) */
static uint32_t* kinf__slot_ref(kinf__slot* sl, unsigned r) {
#ifndef KINF_NO_SNAPSHOT
    if (r == KINF__R_BASE) { return &sl->base; }
#endif
    return r == KINF__R_OLD ? &sl->old : &sl->cur;
}
#if defined(__GNUC__) || defined(__clang__)
/* v > 0; a long has at least 32 bits */
static unsigned kinf__hibit(uint32_t v) { return (unsigned)(sizeof(unsigned long) * 8u - 1u) - (unsigned)__builtin_clzl(v); }
static unsigned kinf__lobit(uint32_t v) { return (unsigned)__builtin_ctzl(v); }
#else
static unsigned kinf__hibit(uint32_t v) { /* v > 0 */
    unsigned n = 0;
    if (v >> 16) { v >>= 16; n += 16; }
    if (v >> 8) { v >>= 8; n += 8; }
    if (v >> 4) { v >>= 4; n += 4; }
    if (v >> 2) { v >>= 2; n += 2; }
    return n + (v >> 1);
}
static unsigned kinf__lobit(uint32_t v) { return kinf__hibit(v & (~v + 1u)); }
#endif
/* the list of the free blocks of this size */
static unsigned kinf__fl_class(uint32_t size) {
    unsigned h;
    if (size < (1u << (KINF__SL_BITS + 4))) { return size >> 4; }
    h = kinf__hibit(size);
    return (h - (KINF__SL_BITS + 3)) * KINF__SL_N + ((size >> (h - KINF__SL_BITS)) & (KINF__SL_N - 1u));
}
static void kinf__fl_insert(kinf_informer_t* inf, uint32_t ref, uint32_t size) {
    unsigned c = kinf__fl_class(size);
    uint32_t h = inf->fl_head[c];
    kinf__blk_at(inf, ref)->size = size;
    kinf__blk_at(inf, ref)->owner = KINF__FREE_OWNER;
    *kinf__blk_word(inf, ref, 8) = h;
    *kinf__blk_word(inf, ref, 12) = 0;
    *kinf__blk_word(inf, ref, size - 4u) = size;
    if (h) { *kinf__blk_word(inf, h, 12) = ref; }
    inf->fl_head[c] = ref;
    inf->sl_map[c / KINF__SL_N] = (uint16_t)(inf->sl_map[c / KINF__SL_N] | (1u << (c % KINF__SL_N)));
    inf->fl_map |= 1u << (c / KINF__SL_N);
}
static void kinf__fl_remove(kinf_informer_t* inf, uint32_t ref) {
    unsigned c = kinf__fl_class(kinf__blk_at(inf, ref)->size);
    uint32_t next = *kinf__blk_word(inf, ref, 8), prev = *kinf__blk_word(inf, ref, 12);
    if (next) { *kinf__blk_word(inf, next, 12) = prev; }
    if (prev) { *kinf__blk_word(inf, prev, 8) = next; return; }
    inf->fl_head[c] = next;
    if (next) { return; }
    inf->sl_map[c / KINF__SL_N] = (uint16_t)(inf->sl_map[c / KINF__SL_N] & ~(1u << (c % KINF__SL_N)));
    if (!inf->sl_map[c / KINF__SL_N]) { inf->fl_map &= ~(1u << (c / KINF__SL_N)); }
}
/* a free block of need bytes or more: one of the first of its own list
   that fits, else the first of the next list that holds one (all of whose
   blocks fit); 0 when none */
static uint32_t kinf__fl_find(const kinf_informer_t* inf, uint32_t need) {
    unsigned c = kinf__fl_class(need), f = c / KINF__SL_N, n;
    uint32_t ref = inf->fl_head[c], m;
    for (n = 0; ref && n < KINF__FIT_SCAN; n++) {
        if (kinf__blk_at(inf, ref)->size >= need) { return ref; }
        ref = *kinf__blk_word(inf, ref, 8);
    }
    m = (uint32_t)inf->sl_map[f] & (~0u << (c % KINF__SL_N) << 1);
    if (!m) {
        uint32_t fm = f + 1u < 32u ? inf->fl_map & (~0u << (f + 1u)) : 0u;
        if (!fm) { return 0; }
        f = kinf__lobit(fm);
        m = inf->sl_map[f];
    }
    return inf->fl_head[f * KINF__SL_N + kinf__lobit(m)];
}
/* the pfree bit of the block at ref, if there is one below the top */
static void kinf__blk_pfree(kinf_informer_t* inf, uint32_t ref, int v) {
    if (ref - 1u < inf->top) { kinf__blk_at(inf, ref)->pfree = (uint8_t)v; }
}
static void kinf__fl_clear(kinf_informer_t* inf) {
    inf->fl_map = 0;
    memset(inf->sl_map, 0, sizeof(inf->sl_map));
    memset(inf->fl_head, 0, sizeof(inf->fl_head));
}
/* the bytes of a block past what it needs: the tail of a list's block
   that was too small to split off (compaction trims them) */
static uint32_t kinf__blk_slack(const kinf__blk* b) {
    uint32_t keep = (b->size - b->tail + 3u) & ~3u;
    return b->size - (keep < KINF__FREE_MIN ? KINF__FREE_MIN : keep);
}
/* the blocks slid down to the bottom in order, each trimmed to its bytes
   (the slack a list's block left, under KINF__FREE_MIN, goes) */
static void kinf__arena_compact(kinf_informer_t* inf) {
    size_t r = 0, w = 0;
    while (r < inf->top) {
        const kinf__blk* b = (const kinf__blk*)(const void*)(inf->arena + r);
        uint32_t sz = b->size, owner = b->owner, keep = sz; /* read before the move may overwrite them */
        if (owner < KINF__NEW_OWNER) {
            kinf__blk* nb = (kinf__blk*)(void*)(inf->arena + w);
            keep = sz - kinf__blk_slack(b);
            if (w != r) { memmove(inf->arena + w, inf->arena + r, keep); }
            nb->size = keep; nb->tail = (uint8_t)(nb->tail - (sz - keep)); nb->pfree = 0;
            inf->used -= sz - keep;
            *kinf__slot_ref(&inf->slots[owner >> 2], owner & 3u) = (uint32_t)w + 1u;
            w += keep;
        }
        r += sz;
    }
    inf->top = w;
    inf->slack = 0;
    kinf__fl_clear(inf);
    inf->st.store_compactions++;
}
/* need more bytes fit the store once it is compacted */
static int kinf__arena_fits(const kinf_informer_t* inf, size_t need) { return inf->used - inf->slack + need <= inf->store_bytes; }
#ifndef KINF_NO_SNAPSHOT
/* the store emptied at once (a load that failed) */
static void kinf__arena_reset(kinf_informer_t* inf) {
    inf->top = 0;
    inf->slack = 0;
    kinf__fl_clear(inf);
}
#endif
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
static int kinf__snap_reclaim(kinf_informer_t* inf, size_t need);
/* a factory's store budget asked for room (its hook); 0 without one */
#ifndef KINF_NO_FACTORY
#define KINF__ARENA_GROW(inf, need) ((inf)->grow && (inf)->grow((inf), (need)))
/* the objects the tables hold now (>>store tables), and the budget asked
   for room for one more (the same hook, need 0) */
#define KINF__OBJ_CAP(inf) ((inf)->obj_cap)
#define KINF__OBJ_GROW(inf) ((inf)->grow && (inf)->grow((inf), 0))
#else
#define KINF__ARENA_GROW(inf, need) 0
#define KINF__OBJ_CAP(inf) ((inf)->max_objects)
#define KINF__OBJ_GROW(inf) 0
#endif
/* a block of need bytes or a little more (its tail says how many more), or
   0 when the live blocks and it would not fit store_bytes */
static uint32_t kinf__arena_alloc(kinf_informer_t* inf, size_t want) {
    size_t need = (want + 3u) & ~(size_t)3u;
    uint32_t ref, size;
    kinf__blk* b;
    if (need < KINF__FREE_MIN) { need = KINF__FREE_MIN; }
    ref = need <= inf->store_bytes ? kinf__fl_find(inf, (uint32_t)need) : 0;
    if (ref) {
        kinf__fl_remove(inf, ref);
        size = kinf__blk_at(inf, ref)->size;
        if (size - need >= KINF__FREE_MIN) {
            kinf__fl_insert(inf, ref + (uint32_t)need, size - (uint32_t)need); /* the block above keeps its pfree */
            size = (uint32_t)need;
        } else {
            kinf__blk_pfree(inf, ref + size, 0);
        }
    } else {
        if (inf->top + need > inf->store_bytes) {
            if (!kinf__arena_fits(inf, need) && !KINF__ARENA_GROW(inf, need) && !kinf__snap_reclaim(inf, need)) { return 0; }
            if (inf->top + need > inf->store_bytes) { kinf__arena_compact(inf); } /* a store grown may have room at its top */
        }
        KINF_ASSERT(inf->top + need <= inf->store_bytes);
        ref = (uint32_t)inf->top + 1u;
        size = (uint32_t)need;
        inf->top += need;
        if (inf->top > inf->pf_top && inf->pagesz) { kinf__prefault(inf); }
    }
    inf->used += size;
    if (inf->used > inf->peak) { inf->peak = inf->used; }
    b = kinf__blk_at(inf, ref);
    b->size = size;
    b->owner = KINF__NEW_OWNER;
    b->tail = (uint8_t)(size - want);
    b->pfree = 0; /* a list's block has none free below it, nor has the top */
    inf->slack += size - need;
    return ref;
}
/* block ref goes back: merged with a free block below and above it, onto
   its list, or, at the top, the top comes down to it */
static void kinf__arena_free(kinf_informer_t* inf, uint32_t ref) {
    kinf__blk* b;
    uint32_t size, up;
    if (!ref) { return; }
    b = kinf__blk_at(inf, ref);
    size = b->size;
    up = ref + size;
    inf->used -= size;
    inf->slack -= kinf__blk_slack(b);
    if (b->pfree) {
        uint32_t below = *kinf__blk_word(inf, ref - 4u, 0); /* the free block's size at its end */
        ref -= below;
        size += below;
        kinf__fl_remove(inf, ref);
    }
    if (up - 1u == inf->top) { inf->top = ref - 1u; return; }
    if (kinf__blk_at(inf, up)->owner == KINF__FREE_OWNER) {
        size += kinf__blk_at(inf, up)->size;
        kinf__fl_remove(inf, up);
    }
    kinf__fl_insert(inf, ref, size);
    kinf__blk_pfree(inf, ref + size, 1);
}
#if !defined(KINF_NO_SNAPSHOT) && !defined(KINF_ENGINE_ONLY) /* the journal's edits in place (files: the driver's part) */
/* block ref (allocated) made to hold want bytes, no more than it has: what
   it no longer needs goes back when it can be a block */
static void kinf__arena_shrink(kinf_informer_t* inf, uint32_t ref, size_t want) {
    kinf__blk* b = kinf__blk_at(inf, ref);
    uint32_t keep = (uint32_t)((want + 3u) & ~(size_t)3u);
    if (keep < KINF__FREE_MIN) { keep = KINF__FREE_MIN; }
    inf->slack -= kinf__blk_slack(b);
    if (b->size - keep >= KINF__FREE_MIN) {
        kinf__blk* r = kinf__blk_at(inf, ref + keep);
        r->size = b->size - keep; r->owner = KINF__NEW_OWNER; r->tail = 0; r->pfree = 0;
        b->size = keep;
        kinf__arena_free(inf, ref + keep);
    }
    b->tail = (uint8_t)(b->size - want);
    inf->slack += kinf__blk_slack(b);
}
#endif
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
    b->flags = (uint8_t)flags;
    p = (char*)(b + 1);
    kinf__key_put(p, ns, nsl, name, nl);
    p += kl; *p++ = 0;
    memcpy(p, ns, nsl); p += nsl; *p++ = 0;
    memcpy(p, uid, ul); p += ul; *p++ = 0;
    memcpy(p, rv, rl); p += rl; *p++ = 0;
    if (json && jlen) { memmove(p, json, jlen); } /* no json: the caller writes the jlen bytes */
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
/* the slot's cur, old or base (role r) set to the block ref */
static void kinf__set_ref(kinf_informer_t* inf, int32_t s, unsigned r, uint32_t ref) {
    *kinf__slot_ref(&inf->slots[s], r) = ref;
    if (ref) { kinf__blk_at(inf, ref)->owner = ((uint32_t)s << 2) | r; }
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
/* the free lists: each block on the list of its size, linked both ways,
   the maps saying which lists hold one; returns how many blocks they hold */
static size_t kinf__fl_check(const kinf_informer_t* inf) {
    size_t n = 0;
    unsigned c;
    for (c = 0; c < KINF__FL_N * KINF__SL_N; c++) {
        uint32_t ref = inf->fl_head[c], prev = 0;
        int has = (inf->sl_map[c / KINF__SL_N] >> (c % KINF__SL_N)) & 1;
        KINF_ASSERT(has == (ref != 0) && ((inf->fl_map >> (c / KINF__SL_N)) & 1u) == (inf->sl_map[c / KINF__SL_N] != 0));
        for (; ref; ref = *kinf__blk_word(inf, ref, 8)) {
            KINF_ASSERT(ref - 1u < inf->top && kinf__blk_at(inf, ref)->owner == KINF__FREE_OWNER);
            KINF_ASSERT(kinf__fl_class(kinf__blk_at(inf, ref)->size) == c && *kinf__blk_word(inf, ref, 12) == prev);
            KINF_ASSERT(++n <= inf->top / KINF__FREE_MIN);
            prev = ref;
        }
    }
    return n;
}
static void kinf__selfcheck(const kinf_informer_t* inf) {
    size_t r = 0, live = 0, nfree = 0, slack = 0;
    int32_t s;
    int visible = 0, used = 0, nbase = 0, below_free = 0;
    while (r < inf->top) {
        const kinf__blk* b = (const kinf__blk*)(const void*)(inf->arena + r);
        KINF_ASSERT(b->size >= KINF__FREE_MIN && b->size <= inf->top - r && (b->size & 3u) == 0);
        if (b->owner != KINF__FREE_OWNER) {
            kinf__slot* sl = &inf->slots[b->owner >> 2];
            KINF_ASSERT((b->owner >> 2) < (uint32_t)inf->max_objects && (b->owner & 3u) <= KINF__R_BASE);
            KINF_ASSERT(*kinf__slot_ref(sl, b->owner & 3u) == r + 1u);
            KINF_ASSERT(b->pfree == below_free && b->tail < b->size);
            live += b->size;
            slack += kinf__blk_slack(b);
            below_free = 0;
        } else {
            /* merged with its neighbours, its size at its end, not the last */
            KINF_ASSERT(!below_free && r + b->size < inf->top && *kinf__blk_word(inf, (uint32_t)r + 1u, b->size - 4u) == b->size);
            below_free = 1;
            nfree++;
        }
        r += b->size;
    }
    KINF_ASSERT(r == inf->top && live == inf->used && inf->used <= inf->store_bytes);
    KINF_ASSERT(kinf__fl_check(inf) == nfree && slack == inf->slack);
    KINF_ASSERT(inf->slot_hi >= 0 && inf->slot_hi <= KINF__OBJ_CAP(inf));
    for (s = 0; s < inf->slot_hi; s++) {
        const kinf__slot* sl = &inf->slots[s];
#ifndef KINF_NO_SNAPSHOT
        /* a base, or old as one, only for a SAVED key changed since; never both */
        if (sl->base || (sl->ixflags & KINF__J_OLDBASE)) {
            KINF_ASSERT((sl->flags & KINF__F_LIVE) && (sl->ixflags & (KINF__J_SAVED | KINF__J_DIRTY)) == (KINF__J_SAVED | KINF__J_DIRTY));
            KINF_ASSERT(!(sl->base && (sl->ixflags & KINF__J_OLDBASE)) && (!(sl->ixflags & KINF__J_OLDBASE) || sl->old));
        }
        nbase += sl->base != 0;
#endif
        if (!(sl->flags & KINF__F_LIVE)) { KINF_ASSERT(!sl->old && ((sl->ixflags & KINF__J_ALL) == KINF__J_TOMB ? sl->cur != 0 : !sl->cur)); continue; }
        used++;
        KINF_ASSERT(sl->cur != 0);
        KINF_ASSERT(kinf__slot_legal(sl->flags, sl->old != 0));
        if ((sl->flags & (KINF__F_LIVE | KINF__F_DELETED)) == KINF__F_LIVE) { visible++; }
    }
    KINF_ASSERT(used == inf->nused && visible == inf->nlive);
#ifndef KINF_NO_SNAPSHOT
    KINF_ASSERT(nbase == inf->snap_nbase);
#else
    (void)nbase;
#endif
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

/* >>store index  Index 0 (the namespace) links each slot once; a custom
   index has ixk nodes per slot (desc.max_index_values), node s * ixk + j
   for the slot's j-th value, linked into the bucket of that value's hash.
   A chain holds nodes; a lookup filters them by hash, then asks the index
   function whether the object has the value. */
static kinf__ixlink* kinf__ixl(kinf_informer_t* inf, int x, int32_t n) {
    return &inf->ix[x == 0 ? (size_t)n : (size_t)KINF__OBJ_CAP(inf) * (1u + (size_t)(x - 1) * (size_t)inf->ixk) + (size_t)n];
}
static int32_t* kinf__ixhead(kinf_informer_t* inf, int x, uint32_t vh) { return &inf->ixb[(size_t)x * (inf->ixb_mask + 1u) + (vh & inf->ixb_mask)]; }
/* A custom index keeps each node's value hash; the namespace index does not:
   a key's namespace never changes, so its hash is that of the key's prefix,
   and the slot's KINF__SL_NS_LINKED bit says whether it is linked. */
enum { KINF__SL_NS_LINKED = 1 }; /* in kinf__slot.ixflags */
static uint32_t* kinf__ixvh(kinf_informer_t* inf, int x, int32_t n) { return &inf->ixv[(size_t)(x - 1) * (size_t)KINF__OBJ_CAP(inf) * (size_t)inf->ixk + (size_t)n]; }
static uint32_t kinf__ix_hash(const char* v) { return kinf__fnv_str(v); } /* never 0: 0 is not linked */
static uint32_t kinf__ns_hash(const kinf_informer_t* inf, int32_t s) {
    const kinf__blk* b = kinf__blk_at(inf, inf->slots[s].cur);
    return kinf__fnv((const char*)(b + 1), b->nslen);
}
static void kinf__ix_link(kinf_informer_t* inf, int x, int32_t n, uint32_t vh) {
    kinf__ixlink* l = kinf__ixl(inf, x, n);
    int32_t* head = kinf__ixhead(inf, x, vh);
    l->prev = -1; l->next = *head;
    if (*head >= 0) { kinf__ixl(inf, x, *head)->prev = n; }
    *head = n;
}
static void kinf__ix_unlink(kinf_informer_t* inf, int x, int32_t n, uint32_t vh) {
    kinf__ixlink* l = kinf__ixl(inf, x, n);
    if (l->prev >= 0) { kinf__ixl(inf, x, l->prev)->next = l->next; } else { *kinf__ixhead(inf, x, vh) = l->next; }
    if (l->next >= 0) { kinf__ixl(inf, x, l->next)->prev = l->prev; }
    l->next = l->prev = -1;
}
/* the object's values of custom index x, one kinf_index_emit each */
static void kinf__index_values(kinf_informer_t* inf, int x, const kinf_object_t* o, kinf_index_values_t* out) {
    if (inf->ix_multi & (1u << x)) {
        ((kinf_index_values_fn)(void (*)(void))inf->idx[x].fn)(o, out, inf->idx[x].user);
    } else {
        char v[256];
        if (inf->idx[x].fn(o, v, sizeof(v), inf->idx[x].user)) { v[sizeof(v) - 1] = 0; kinf_index_emit(out, v); }
    }
}
KINF_API int kinf_index_emit(kinf_index_values_t* out, const char* value) {
    kinf_informer_t* inf;
    uint32_t vh;
    int32_t n0;
    int j;
    if (!out || !value) { return 0; }
    inf = out->inf;
    if (out->want) { if (!strcmp(value, out->want)) { out->found = 1; } return 1; }
    vh = kinf__ix_hash(value);
    n0 = out->s * inf->ixk;
    for (j = 0; j < out->n; j++) { if (*kinf__ixvh(inf, out->x, n0 + j) == vh) { return 1; } } /* one node a hash */
    if (out->n == inf->ixk) { out->over = 1; return 0; }
    *kinf__ixvh(inf, out->x, n0 + out->n) = vh;
    kinf__ix_link(inf, out->x, n0 + out->n, vh);
    out->n++;
    return 1;
}
/* slot s out of the indexes from index from on (1: the custom ones, for a
   change that keeps the key, and so its namespace) */
static void kinf__index_remove(kinf_informer_t* inf, int32_t s, int from) {
    int x, j;
    if (from == 0 && inf->nidx && (inf->slots[s].ixflags & KINF__SL_NS_LINKED)) {
        kinf__ix_unlink(inf, 0, s, kinf__ns_hash(inf, s));
        inf->slots[s].ixflags &= (uint8_t)~KINF__SL_NS_LINKED;
    }
    for (x = 1; x < inf->nidx; x++) {
        for (j = 0; j < inf->ixk; j++) {
            uint32_t* v = kinf__ixvh(inf, x, s * inf->ixk + j);
            if (!*v) { break; } /* a slot's nodes are used from the first */
            kinf__ix_unlink(inf, x, s * inf->ixk + j, *v);
            *v = 0;
        }
    }
}
/* slot s into the indexes from index from on */
static void kinf__index_add(kinf_informer_t* inf, int32_t s, int from) {
    int x;
    kinf_object_t o;
    if (from >= inf->nidx) { return; }
    kinf__store_view(inf, inf->slots[s].cur, s, &o);
    if (from == 0) {
        kinf__ix_link(inf, 0, s, kinf__ns_hash(inf, s));
        inf->slots[s].ixflags |= KINF__SL_NS_LINKED;
    }
    for (x = 1; x < inf->nidx; x++) {
        kinf_index_values_t out;
        memset(&out, 0, sizeof(out));
        out.inf = inf; out.x = x; out.s = s;
        kinf__index_values(inf, x, &o, &out);
        if (out.over) { KINF__ERR(inf, INDEX_TOO_MANY_VALUES, inf->idx[x].name, o.key); }
    }
}
/* Does the object in slot s have value v in index x? */
static int kinf__index_has(kinf_informer_t* inf, int x, int32_t s, const kinf_object_t* o, const char* v) {
    kinf_index_values_t out;
    if (x == 0) { return !strcmp(o->namespace_, v); }
    memset(&out, 0, sizeof(out));
    out.inf = inf; out.x = x; out.s = s; out.want = v;
    kinf__index_values(inf, x, o, &out);
    return out.found;
}

/* >>store unchanged  desc.skip_unchanged: is a new version the same as the
   one the handlers had? Two stored objects (compact JSON, as projection
   writes it) are the same when their members are, in order, byte for byte,
   except metadata.resourceVersion and metadata.managedFields, which the API
   server rewrites at every write whatever changed. Anything the walk does
   not expect (not an object, whitespace, an escaped key) makes them
   different: an update is then delivered, as without the switch. */
#ifndef KINF_NO_SKIP_UNCHANGED
#define KINF__SKIP_UNCHANGED(inf) ((inf)->skip_unchanged)
typedef struct kinf__mit { const char* j; size_t i, n; } kinf__mit; /* the members of one object */
static int kinf__key_is(const char* j, size_t ks, size_t ke, const char* k) {
    size_t l = strlen(k);
    return ke - ks == l + 2u && !memcmp(j + ks + 1, k, l);
}
/* the next member: its key [*ks, *ke) quotes included, its value [*vs, *ve);
   1, 0 at the object's end, -1 when the bytes are not as projection writes them */
static int kinf__mit_next(kinf__mit* m, size_t* ks, size_t* ke, size_t* vs, size_t* ve) {
    const uint8_t* b = (const uint8_t*)m->j;
    if (m->i >= m->n) { return -1; }
    if (b[m->i] == '}') { return 0; }
    if (b[m->i] != '"') { return -1; }
    *ks = m->i;
    *ke = kinf__json_end(b, m->i, m->n);
    if (!*ke || *ke >= m->n || b[*ke] != ':') { return -1; }
    *vs = *ke + 1u;
    *ve = kinf__json_end(b, *vs, m->n);
    if (!*ve || *ve >= m->n || (b[*ve] != ',' && b[*ve] != '}')) { return -1; }
    m->i = b[*ve] == ',' ? *ve + 1u : *ve;
    return 1;
}
/* the next member of metadata (meta) that is not noise */
static int kinf__mit_kept(kinf__mit* m, int meta, size_t* ks, size_t* ke, size_t* vs, size_t* ve) {
    int r;
    while ((r = kinf__mit_next(m, ks, ke, vs, ve)) == 1 && meta &&
           (kinf__key_is(m->j, *ks, *ke, "resourceVersion") || kinf__key_is(m->j, *ks, *ke, "managedFields"))) {}
    return r;
}
/* a[0..an) and b[0..bn), objects: the same members (metadata's noise left out when meta) */
static int kinf__same_members(const char* a, size_t an, const char* b, size_t bn, int meta) {
    kinf__mit x, y;
    if (an < 2u || bn < 2u || a[0] != '{' || b[0] != '{') { return 0; }
    x.j = a; x.i = 1; x.n = an; y.j = b; y.i = 1; y.n = bn;
    for (;;) {
        size_t aks, ake, avs, ave, bks, bke, bvs, bve;
        int ra = kinf__mit_kept(&x, meta, &aks, &ake, &avs, &ave), rb = kinf__mit_kept(&y, meta, &bks, &bke, &bvs, &bve);
        if (ra < 0 || rb < 0 || ra != rb) { return 0; }
        if (!ra) { return x.i + 1u == an && y.i + 1u == bn; }
        if (ake - aks != bke - bks || memcmp(a + aks, b + bks, ake - aks)) { return 0; }
        if (!meta && kinf__key_is(a, aks, ake, "metadata") && a[avs] == '{' && b[bvs] == '{') {
            if (!kinf__same_members(a + avs, ave - avs, b + bvs, bve - bvs, 1)) { return 0; }
        } else if (ave - avs != bve - bvs || memcmp(a + avs, b + bvs, ave - avs)) {
            return 0;
        }
    }
}
/* the stored versions ra and rb: the same object for the handlers? An
   identity-only version is never the same: what it holds is not known. */
static int kinf__store_same(const kinf_informer_t* inf, uint32_t ra, uint32_t rb) {
    kinf_object_t a, b;
    kinf__store_view(inf, ra, -1, &a);
    kinf__store_view(inf, rb, -1, &b);
    if ((a.flags | b.flags) & KINF_OBJ_IDENTITY_ONLY) { return 0; }
    if (a.json_len == b.json_len && !memcmp(a.json, b.json, a.json_len)) { return 1; }
    return kinf__same_members(a.json, a.json_len, b.json, b.json_len, 0);
}
#else
#define KINF__SKIP_UNCHANGED(inf) 0
static int kinf__store_same(const kinf_informer_t* inf, uint32_t ra, uint32_t rb) { (void)inf; (void)ra; (void)rb; return 0; }
#endif

/* >>store fifo  Keys waiting for delivery, linked through the slots: one entry per
   key however many events it had, so it never holds more than max_objects. */
static void kinf__fifo_push(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    if (sl->flags & KINF__F_PENDING) { return; }
    sl->flags |= KINF__F_PENDING;
    sl->pnext = -1;
    if (inf->fifo_unlinked) { return; }
    if (inf->ft >= 0) { inf->slots[inf->ft].pnext = s; } else { inf->fh = s; }
    inf->ft = s;
    inf->flen++;
}
#ifndef KINF_NO_SNAPSHOT
/* A journal's replay at load queues keys without linking them, so that a
   delete takes its key out with no walk of the FIFO; then they are linked,
   in slot order. */
static void kinf__fifo_unlink(kinf_informer_t* inf) {
    inf->fh = inf->ft = -1; inf->flen = 0;
    inf->fifo_unlinked = 1;
}
static void kinf__fifo_relink(kinf_informer_t* inf) {
    int32_t s;
    inf->fifo_unlinked = 0;
    for (s = 0; s < inf->slot_hi; s++) {
        if (inf->slots[s].flags & KINF__F_PENDING) { inf->slots[s].flags &= (uint8_t)~KINF__F_PENDING; kinf__fifo_push(inf, s); }
    }
}
#endif
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

/* >>store tables  The per-object tables: the slots, the key hash's buckets,
   the indexes' links, their value hashes and their buckets, for cap
   objects. An informer's are laid out once for max_objects; under a
   factory's budget (>>factory budget) they are sized for obj_cap objects,
   fewer, and laid out again when it changes. Every reference into them is
   a slot or node number, and into the store an offset, so only their base
   pointers change: the slots and the value hashes are moved, the key hash
   and the index chains are rebuilt from them. */
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
typedef struct kinf__tables_t { size_t slots, kb, ix, ixv, ixb, end; uint32_t kbn, ixbn; } kinf__tables_t;
/* the tables of mo objects from offset o (max_indexes custom indexes of ixk values each) */
static kinf__tables_t kinf__tables_layout(size_t o, size_t mo, int max_indexes, int ixk) {
    kinf__tables_t t;
    size_t nidx = 1u + (size_t)max_indexes;
    size_t nodes = kinf__setup_mul((size_t)max_indexes * (size_t)ixk, mo); /* the custom indexes' links */
    t.kbn = (uint32_t)(mo + mo / 4u + 1u); /* at most 80 % full */
    if (t.kbn < 16u) { t.kbn = 16u; }
    t.ixbn = kinf__pow2((uint32_t)(mo / 4u)); /* chains are filtered by value hash: a quarter is ample */
    t.slots = o; o = kinf__setup_add(o, kinf__setup_mul(mo, sizeof(kinf__slot)));
    t.kb = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)t.kbn, 4u));
    t.ix = o; o = kinf__setup_add(o, kinf__setup_mul(nodes > SIZE_MAX - mo ? SIZE_MAX : mo + nodes, sizeof(kinf__ixlink)));
    t.ixv = o; o = kinf__setup_add(o, kinf__setup_mul(nodes, 4u));
    t.ixb = o; o = kinf__setup_add(o, kinf__setup_mul(kinf__setup_mul(nidx, (size_t)t.ixbn), 4u));
    t.end = o;
    return t;
}
#ifndef KINF_NO_FACTORY
/* the bytes of inf's tables for cap objects */
static size_t kinf__tables_bytes(const kinf_informer_t* inf, int cap) { return kinf__tables_layout(0, (size_t)cap, inf->max_indexes, inf->ixk).end; }
/* inf's tables (of obj_cap objects) are at at, 8-aligned */
static void kinf__tables_at(kinf_informer_t* inf, uint8_t* at) {
    kinf__tables_t t = kinf__tables_layout(0, (size_t)inf->obj_cap, inf->max_indexes, inf->ixk);
    inf->slots = (kinf__slot*)(void*)(at + t.slots);
    inf->kb = (uint32_t*)(void*)(at + t.kb); inf->kb_n = t.kbn;
    inf->ix = (kinf__ixlink*)(void*)(at + t.ix);
    inf->ixv = (uint32_t*)(void*)(at + t.ixv);
    inf->ixb = (int32_t*)(void*)(at + t.ixb); inf->ixb_mask = t.ixbn - 1u;
}
/* The key hash and the index chains made again from the slots: each slot in
   use in the hash, each linked node (NS_LINKED, a value hash) in its chain. */
static void kinf__tables_rebuild(kinf_informer_t* inf) {
    int32_t s;
    int x, j;
    memset(inf->kb, 0xff, (size_t)inf->kb_n * 4u);
    memset(inf->ixb, 0xff, (size_t)inf->nidx * (inf->ixb_mask + 1u) * 4u);
    for (s = 0; s < inf->slot_hi; s++) {
        kinf__ixlink* l = kinf__ixl(inf, 0, s);
        if (inf->slots[s].flags & KINF__F_LIVE) { kinf__hash_insert(inf, s, kinf__slot_hash(inf, s)); }
        l->next = l->prev = -1;
        if (inf->slots[s].ixflags & KINF__SL_NS_LINKED) { kinf__ix_link(inf, 0, s, kinf__ns_hash(inf, s)); }
        for (x = 1; x < inf->nidx; x++) {
            for (j = 0; j < inf->ixk; j++) {
                int32_t n = s * inf->ixk + j;
                uint32_t v = *kinf__ixvh(inf, x, n);
                kinf__ixl(inf, x, n)->next = kinf__ixl(inf, x, n)->prev = -1;
                if (v) { kinf__ix_link(inf, x, n, v); }
            }
        }
    }
}
/* The tables where they are, laid out again for cap objects (at least
   slot_hi; the bytes for cap are there): the slots stay, each custom
   index's value hashes move to their new place, in the order that leaves
   those still to move intact, then the rest is rebuilt. */
static void kinf__tables_relayout(kinf_informer_t* inf, int cap) {
    size_t on = (size_t)inf->obj_cap * (size_t)inf->ixk, nn = (size_t)cap * (size_t)inf->ixk, used = (size_t)inf->slot_hi * (size_t)inf->ixk;
    uint32_t* ov = inf->ixv;
    int k, nx = inf->nidx - 1;
    KINF_ASSERT(cap >= inf->slot_hi);
    inf->obj_cap = cap;
    kinf__tables_at(inf, (uint8_t*)inf->slots);
    for (k = 0; k < nx; k++) {
        size_t x = (size_t)(nn > on ? nx - 1 - k : k);
        memmove(inf->ixv + x * nn, ov + x * on, used * 4u);
    }
    kinf__tables_rebuild(inf);
}
/* The slots above the last one in use are given back: slot_hi comes down
   to it and the free list is made again below it, lowest first. A slot
   used again later starts at a generation past any of theirs, so that a
   handle to an object they held stays stale. Returns slot_hi. */
static int32_t kinf__slots_trim(kinf_informer_t* inf) {
    int32_t s, hi = 0;
    for (s = 0; s < inf->slot_hi; s++) {
        if (inf->slots[s].flags || inf->slots[s].cur) { hi = s + 1; }
    }
    for (s = hi; s < inf->slot_hi; s++) {
        if (inf->slots[s].gen > inf->gen_fresh) { inf->gen_fresh = inf->slots[s].gen; }
    }
    inf->free_head = -1;
    for (s = hi - 1; s >= 0; s--) {
        if (!inf->slots[s].flags && !inf->slots[s].cur) { inf->slots[s].pnext = inf->free_head; inf->free_head = s; }
    }
    inf->slot_hi = hi;
    return hi;
}
#endif

/* >>store operations */
#ifndef KINF_NO_SNAPSHOT
/* A tombstone's slot and block go back to the store (>>snapshot journal). */
static void kinf__tomb_free(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    kinf__arena_free(inf, sl->cur);
    sl->cur = 0;
    kinf__slot_j(sl, 0);
    sl->pnext = inf->free_head;
    inf->free_head = s;
    inf->snap_ntomb--;
}
/* The store is short of a slot or of bytes: the tombstones go, and with
   them the deletes the journal has not written; the next save is an image. */
static int kinf__tomb_reclaim(kinf_informer_t* inf) {
    int32_t s;
    if (!inf->snap_ntomb) { return 0; }
    for (s = 0; s < inf->slot_hi && inf->snap_ntomb; s++) {
        if (inf->slots[s].ixflags & KINF__J_TOMB) { kinf__tomb_free(inf, s); }
    }
    inf->snap_need_image = 1;
    return 1;
}
/* Slot s keeps no base for the journal (its block freed; old, if it was
   one, stays for the handlers). */
static void kinf__base_release(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    sl->ixflags &= (uint8_t)~KINF__J_OLDBASE;
    if (sl->base) { kinf__arena_free(inf, sl->base); sl->base = 0; inf->snap_nbase--; }
}
/* The store is short of bytes: what the journal keeps goes, the bases
   first (their keys' next records are whole objects), then, when that is
   not enough, the tombstones. 1 when need bytes are free now. */
static int kinf__snap_reclaim(kinf_informer_t* inf, size_t need) {
    int32_t s;
    if (inf->snap_nbase) {
        for (s = 0; s < inf->slot_hi; s++) { kinf__base_release(inf, s); }
        if (kinf__arena_fits(inf, need)) { return 1; }
    }
    return kinf__tomb_reclaim(inf) && kinf__arena_fits(inf, need);
}
/* A version of key s leaves the slot: ref, which was its cur, or (was_old)
   its old. The version the file holds (cur of a SAVED key still clean, or
   old with OLDBASE) is kept as the base of the key's next journal record;
   any other is freed. */
static void kinf__ver_drop(kinf_informer_t* inf, int32_t s, uint32_t ref, int was_old) {
    kinf__slot* sl = &inf->slots[s];
    int file = was_old ? (sl->ixflags & KINF__J_OLDBASE) != 0 : (sl->ixflags & (KINF__J_SAVED | KINF__J_DIRTY)) == KINF__J_SAVED;
    if (was_old) { sl->ixflags &= (uint8_t)~KINF__J_OLDBASE; }
    if (file && !sl->base) { kinf__set_ref(inf, s, KINF__R_BASE, ref); inf->snap_nbase++; return; }
    kinf__arena_free(inf, ref);
}
/* cur becomes old (the version the handlers saw): OLDBASE when it is the file's */
static void kinf__ver_to_old(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    if ((sl->ixflags & (KINF__J_SAVED | KINF__J_DIRTY)) == KINF__J_SAVED && !sl->base) { sl->ixflags |= KINF__J_OLDBASE; }
    kinf__set_ref(inf, s, KINF__R_OLD, sl->cur);
}
#else
static int kinf__snap_reclaim(kinf_informer_t* inf, size_t need) { (void)inf; (void)need; return 0; } /* no journal: nothing kept */
static int kinf__tomb_reclaim(kinf_informer_t* inf) { (void)inf; return 0; }
static void kinf__ver_drop(kinf_informer_t* inf, int32_t s, uint32_t ref, int was_old) { (void)s; (void)was_old; kinf__arena_free(inf, ref); }
static void kinf__ver_to_old(kinf_informer_t* inf, int32_t s) { kinf__set_ref(inf, s, KINF__R_OLD, inf->slots[s].cur); }
#endif
static int32_t kinf__slot_alloc(kinf_informer_t* inf) {
    int32_t s = inf->free_head;
    /* the tables full: a factory's budget may grow them (and move them) */
    if (s < 0 && inf->slot_hi >= KINF__OBJ_CAP(inf) && !KINF__OBJ_GROW(inf) && kinf__tomb_reclaim(inf)) { s = inf->free_head; }
    if (s < 0) {
        /* a slot never used before: its page of the tables is written only now */
        int x, j;
        if (inf->slot_hi >= KINF__OBJ_CAP(inf)) { return -1; }
        s = inf->slot_hi++;
        memset(&inf->slots[s], 0, sizeof(kinf__slot));
#ifndef KINF_NO_FACTORY
        inf->slots[s].gen = inf->gen_fresh;
#endif
        kinf__ixl(inf, 0, s)->next = kinf__ixl(inf, 0, s)->prev = -1;
        for (x = 1; x < inf->nidx; x++) {
            for (j = 0; j < inf->ixk; j++) {
                kinf__ixlink* l = kinf__ixl(inf, x, s * inf->ixk + j);
                l->next = l->prev = -1;
                *kinf__ixvh(inf, x, s * inf->ixk + j) = 0;
            }
        }
        inf->slots[s].pnext = -1;
    }
    inf->free_head = inf->slots[s].pnext;
    inf->slots[s].pnext = -1;
    inf->slots[s].flags = KINF__F_LIVE;
    kinf__slot_j(&inf->slots[s], 0);
    inf->slots[s].cur = inf->slots[s].old = 0;
#ifndef KINF_NO_SNAPSHOT
    inf->slots[s].base = 0;
#endif
    inf->nused++;
    return s;
}
static void kinf__slot_free(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    kinf__index_remove(inf, s, 0);
    kinf__hash_remove(inf, s);
#ifndef KINF_NO_SNAPSHOT
    kinf__base_release(inf, s);
#endif
    if (sl->old) { kinf__arena_free(inf, sl->old); }
    sl->old = 0;
    sl->flags = 0;
    sl->gen = (uint16_t)((sl->gen + 1u) & 0xfffu);
    inf->nused--;
#ifndef KINF_NO_SNAPSHOT
    if (sl->ixflags & KINF__J_SAVED) {
        /* the file has the key: kept (its block) until the journal says it went */
        kinf__slot_j(sl, KINF__J_TOMB);
        sl->pnext = -1;
        inf->snap_ntomb++;
        return;
    }
#endif
    kinf__arena_free(inf, sl->cur);
    sl->cur = 0;
    kinf__slot_j(sl, 0);
    sl->pnext = inf->free_head;
    inf->free_head = s;
}
static int kinf__store_visible(const kinf_informer_t* inf, int32_t s) {
    return (inf->slots[s].flags & (KINF__F_LIVE | KINF__F_DELETED)) == KINF__F_LIVE;
}
/* a new version (block ref) of a key arrives: from the watch or a list */
static void kinf__store_upsert(kinf_informer_t* inf, int32_t s, uint32_t ref, uint32_t h) {
    kinf__slot* sl;
    int queue = 1;
    if (s < 0) {
        s = kinf__slot_alloc(inf);
        if (s < 0) {
            inf->st.dropped++;
            KINF__ERR(inf, STORE_SLOTS_FULL, (const char*)(kinf__blk_at(inf, ref) + 1), 0);
            kinf__arena_free(inf, ref);
            return;
        }
        sl = &inf->slots[s];
        kinf__set_ref(inf, s, KINF__R_CUR, ref);
        kinf__hash_insert(inf, s, h);
        inf->nlive++;
    } else {
        sl = &inf->slots[s];
        kinf__index_remove(inf, s, 0);
        if (KINF__SKIP_UNCHANGED(inf) && !(sl->flags & KINF__F_PENDING) && kinf__store_same(inf, sl->cur, ref)) {
            /* delivered, and this version is the same to the handlers: it
               replaces the stored one (its resourceVersion is the newest)
               and is not queued */
            kinf__ver_drop(inf, s, sl->cur, 0);
            inf->st.skipped_unchanged++;
            queue = 0;
        } else if (sl->flags & KINF__F_DELETED) {
            inf->nlive++;
            if (sl->flags & KINF__F_KNOWN) {
                /* deleted, then created again before handlers saw the delete:
                   they get delete(final state) then add(new) */
                if (sl->old) { kinf__ver_drop(inf, s, sl->old, 1); }
                kinf__ver_to_old(inf, s);
                sl->flags |= KINF__F_RECREATED;
                if (sl->flags & KINF__F_FSU) { sl->flags |= KINF__F_FSU_OLD; }
            } else {
                kinf__ver_drop(inf, s, sl->cur, 0);
            }
            sl->flags &= (uint8_t)~(KINF__F_DELETED | KINF__F_FSU);
        } else if (sl->flags & KINF__F_PENDING) {
            if (sl->old || !(sl->flags & KINF__F_KNOWN)) { kinf__ver_drop(inf, s, sl->cur, 0); }
            else { kinf__ver_to_old(inf, s); }
        } else {
            kinf__ver_to_old(inf, s);
        }
        kinf__set_ref(inf, s, KINF__R_CUR, ref);
    }
    sl->flags |= KINF__F_SEEN;
    kinf__index_add(inf, s, 0);
    if (queue) { kinf__fifo_push(inf, s); }
    kinf__snap_touch(inf, s);
}
/* a key goes away; ref is its final state, or 0 to keep the last known one */
static void kinf__store_delete(kinf_informer_t* inf, int32_t s, uint32_t ref, int fsu) {
    kinf__slot* sl = &inf->slots[s];
    if (!(sl->flags & KINF__F_DELETED)) {
        inf->nlive--;
        kinf__index_remove(inf, s, 0);
    }
    if (ref) {
        kinf__ver_drop(inf, s, sl->cur, 0);
        kinf__set_ref(inf, s, KINF__R_CUR, ref);
    }
    if (sl->old && !(sl->flags & KINF__F_RECREATED)) { kinf__ver_drop(inf, s, sl->old, 1); sl->old = 0; }
    sl->flags |= KINF__F_DELETED;
    if (fsu) { sl->flags |= KINF__F_FSU; } else { sl->flags &= (uint8_t)~KINF__F_FSU; }
    kinf__fifo_push(inf, s);
    kinf__snap_touch(inf, s);
}

/* >>setup  the descriptor read into the context: URL, path, rules, defaults, layout */
/* resource: "pods" (core/v1), "/api/v1/pods", "/apis/G/V/plural"; into out, KINF__MAX_STR bytes */
static int kinf__setup_path(char* out, const char* prefix, const char* res, const char* ns) {
    static const char* cluster_scoped[] = { "nodes", "namespaces", "persistentvolumes", "componentstatuses", 0 };
    const char* plural = res;
    size_t cap = KINF__MAX_STR, gl = 0;
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

typedef struct kinf__setup_layout_t { size_t rbuf, slots, kb, ix, ixv, ixb, idx, handlers, toks, ev, arena, tls, total; uint32_t kbn, ixbn; size_t gz; } kinf__setup_layout_t;
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
    if (d.max_tokens <= 0) { d.max_tokens = KINF_DEFAULT_TOKENS; } /* jsmn reads Status objects only */
    if (d.max_tokens < 64) { d.max_tokens = 64; if (in->max_tokens > 0) { c = "max_tokens"; } }
    if (d.fifo_capacity > d.max_objects) { c = "fifo_capacity"; }
    if (d.fifo_capacity <= 0 || d.fifo_capacity > d.max_objects) { d.fifo_capacity = d.max_objects; }
    if (d.max_handlers <= 0) { d.max_handlers = KINF_DEFAULT_HANDLERS; }
    if (d.max_handlers > 256) { d.max_handlers = 256; c = "max_handlers"; }
    if (d.max_indexes == 0) { d.max_indexes = KINF_DEFAULT_INDEXES; } /* zero means the default */
    if (d.max_indexes < 0) { d.max_indexes = 0; }       /* negative: no custom index */
    if (d.max_indexes > 16) { d.max_indexes = 16; c = "max_indexes"; }
    if (d.max_index_values <= 0) { d.max_index_values = 1; }
    if (d.max_index_values > 64) { d.max_index_values = 64; c = "max_index_values"; }
    if (d.list_limit <= 0) { d.list_limit = 500; }
    if (d.watch_timeout_s < 0) { d.watch_timeout_s = 0; }
    if (d.watch_list_timeout_ms <= 0) { d.watch_list_timeout_ms = 10000; }
    if (d.watch_list_timeout_ms < 100) { d.watch_list_timeout_ms = 100; c = "watch_list_timeout_ms"; }
    if (clamped) { *clamped = c; }
    return d;
}
static kinf_desc_t kinf__setup_defaults(const kinf_desc_t* in) { return kinf__setup_defaults_ex(in, 0); }
static kinf__setup_layout_t kinf__setup_layout(const kinf_desc_t* d, const kinf_conn_desc_t* cd) {
    kinf__setup_layout_t l;
    size_t o = kinf__align8(sizeof(struct kinf_informer_t));
    size_t nidx = 1u + (size_t)d->max_indexes;
    kinf__tables_t t;
    l.rbuf = o; o = kinf__setup_add(o, cd->read_bytes);
    t = kinf__tables_layout(o, (size_t)d->max_objects, d->max_indexes, d->max_index_values);
    l.slots = t.slots; l.kb = t.kb; l.ix = t.ix; l.ixv = t.ixv; l.ixb = t.ixb; l.kbn = t.kbn; l.ixbn = t.ixbn;
    o = t.end;
    l.idx = o; o = kinf__setup_add(o, kinf__setup_mul(nidx, sizeof(kinf__index)));
    l.handlers = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)d->max_handlers, sizeof(kinf__hslot)));
    l.toks = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)d->max_tokens, sizeof(jsmntok_t)));
    l.ev = o; o = kinf__setup_add(o, d->max_event_bytes);
    l.arena = o; o = kinf__setup_add(o, d->store_bytes);
#ifndef KINF_NO_GZIP
    l.gz = 0;
    if (!d->no_gzip) { l.gz = o; o = kinf__setup_add(o, sizeof(kinf__gz)); }
#endif
    l.tls = o;
    if (kinf__conn_tls_bytes(cd)) { o = kinf__setup_add(o, kinf__conn_tls_bytes(cd)); }
    l.total = kinf__setup_add(o, 8u); /* room to align the start */
    return l;
}
/* where the context starts in the caller's memory: the first 8-byte boundary */
static uint8_t* kinf__setup_base(void* mem) { return (uint8_t*)mem + ((8u - ((uintptr_t)mem & 7u)) & 7u); }

/* What the checks build into: the connection's part, the path, the rules. */
typedef struct kinf__setup_out {
    kinf__conn_out conn;
    char* path;                   /* KINF__MAX_STR */
    kinf__rules* rules;           /* zeroed */
#ifndef KINF_NO_SELECTOR
    kinf_selector_t* sel;         /* zeroed */
#endif
} kinf__setup_out;
#ifndef KINF_NO_METADATA_ONLY
/* >>metadata  metadata-only informers (client-go's metadatainformer). The
   requests ask for PartialObjectMetadataList (lists) or PartialObjectMetadata
   (watches), and plain JSON as the fallback a server may choose; either way
   each object is projected to its "metadata" (or the keep paths under it),
   so handlers and the lister see the same thing whichever the server sent. */
/* The rules of a metadata-only informer: "metadata" kept when no path is;
   -1 when they keep metadata only, else the index of a keep path outside it. */
static int kinf__meta_rules(kinf__rules* r) {
    int i;
    if (r->nkeep == 0) { kinf__rule_parse(r, &r->keep[r->nkeep++], "metadata"); return -1; }
    for (i = 0; i < r->nkeep; i++) {
        if (r->keep[i].len[0] != 8 || memcmp(r->buf + r->keep[i].off[0], "metadata", 8)) { return i; }
    }
    return -1;
}
/* the Accept header of a request of this kind */
static const char* kinf__meta_accept(const kinf_informer_t* inf, int watch) {
    if (!inf->meta_only) { return "Accept: application/json\r\n"; }
    return watch ? "Accept: application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json\r\n"
                 : "Accept: application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json\r\n";
}
#endif
static int kinf__setup_check(const kinf_desc_t* d, const kinf_conn_desc_t* cd, kinf__setup_out* o, kinf__why* w) {
    char prefix[KINF__MAX_STR];
    int i;
    if (!cd->server || !cd->server[0]) { return KINF__REFUSE(w, CONFIG_NO_SERVER, 0, 0); }
    if (!d->resource || !d->resource[0]) { return KINF__REFUSE(w, CONFIG_NO_RESOURCE, 0, 0); }
    if (!kinf__conn_check(cd, &o->conn, prefix, sizeof(prefix), w)) { return 0; }
    if (!kinf__setup_path(o->path, prefix, d->resource, d->namespace_)) { return KINF__REFUSE(w, CONFIG_BAD_RESOURCE, d->resource, 0); }
    if (!kinf__fits(d->namespace_, KINF__MAX_NAME)) { return KINF__REFUSE(w, CONFIG_TOO_LONG, "namespace_", 0); }
    if (!kinf__fits(d->label_selector, KINF__MAX_STR) || !kinf__fits(d->field_selector, KINF__MAX_STR)) {
        return KINF__REFUSE(w, CONFIG_TOO_LONG, "selector", 0);
    }
    if (!kinf__conn_check_token(cd, w)) { return 0; }
    /* projection rules. The identity is captured whatever they say, and the
       object's fields hold it, so the projected JSON repeats it only when a
       rule keeps it. */
    if (d->keep_count > 0) {
        if (d->keep_count > KINF_MAX_RULES) { return KINF__REFUSE(w, CONFIG_TOO_MANY_RULES, 0, 0); }
        for (i = 0; i < d->keep_count; i++) {
            if (!kinf__rule_parse(o->rules, &o->rules->keep[o->rules->nkeep++], d->keep[i])) { return KINF__REFUSE(w, CONFIG_BAD_PATH, d->keep[i], 0); }
        }
    }
#ifndef KINF_NO_METADATA_ONLY
    if (d->metadata_only && (i = kinf__meta_rules(o->rules)) >= 0) { return KINF__REFUSE(w, CONFIG_BAD_PATH, d->keep[i], " (metadata_only: keep paths under metadata)"); }
#else
    if (d->metadata_only) { return KINF__REFUSE(w, METADATA_ONLY_UNAVAILABLE, 0, 0); }
#endif
#ifndef KINF_NO_SELECTOR
    /* the selectors: what they read is kept, so that an object the server
       sends outside them can be told and refused */
    if (kinf_selector_parse(o->sel, d->label_selector, d->field_selector, w->num, sizeof(w->num)) != KINF_OK) {
        return KINF__REFUSE(w, CONFIG_BAD_SELECTOR, w->num, 0);
    }
    if (!kinf__sel_rules(o->rules, o->sel, d->metadata_only != 0)) { return KINF__REFUSE(w, CONFIG_TOO_MANY_RULES, " (with the paths the selectors read)", 0); }
#endif
    if (!d->no_default_drop) { kinf__rule_parse(o->rules, &o->rules->drop[o->rules->ndrop++], "metadata.managedFields"); }
    for (i = 0; i < d->drop_count; i++) {
        if (o->rules->ndrop >= KINF_MAX_RULES) { return KINF__REFUSE(w, CONFIG_TOO_MANY_RULES, 0, 0); }
        if (!kinf__rule_parse(o->rules, &o->rules->drop[o->rules->ndrop++], d->drop[i])) { return KINF__REFUSE(w, CONFIG_BAD_PATH, d->drop[i], 0); }
    }
#ifndef KINF_NO_SELECTOR
    kinf__sel_settle(o->sel, o->rules);
#endif
    return 1;
}
/* kinf_init's and kinf_check's one path: the defaults, the layout, the size,
   then kinf__setup_check. With mem (kinf_init) the context is cleared there
   and the checks build into it (o is filled in); without (kinf_check) they
   build into the scratch o points to. Returns KINF_LOGITEM_OK, or the item
   of the refusal with s->why set. */
typedef struct kinf__setup_t {
    kinf_desc_t d;                /* desc with the defaults applied */
    kinf_conn_desc_t cd;          /* its connection, with the defaults applied */
    kinf__setup_layout_t l;
    const char* clamped;          /* the last field that was out of range, or NULL */
    kinf__why why;
} kinf__setup_t;
static uint32_t kinf__setup(void* mem, size_t size, const kinf_desc_t* desc, kinf__setup_out* o, kinf__setup_t* s) {
    memset(&s->why, 0, sizeof(s->why));
    if (!desc) { KINF__REFUSE(&s->why, BAD_ARGUMENT, "desc is NULL", 0); return s->why.item; }
    s->d = kinf__setup_defaults_ex(desc, &s->clamped);
    s->cd = kinf__conn_desc(&s->d);
    kinf__conn_defaults(&s->cd, &s->clamped);
    s->l = kinf__setup_layout(&s->d, &s->cd);
    if (s->l.total == SIZE_MAX) { /* kinf_informer_size said SIZE_MAX: no buffer is enough */
        KINF__REFUSE(&s->why, MEMORY_OVERFLOW, 0, 0);
        return s->why.item;
    }
    if (size < s->l.total) {
        char num[21];
        char* t = s->why.num;
        t[0] = 0;
        kinf__cat(t, sizeof(s->why.num), kinf__utoa(num, (uint64_t)size));
        kinf__cat(t, sizeof(s->why.num), " bytes given, ");
        kinf__cat(t, sizeof(s->why.num), kinf__utoa(num, (uint64_t)s->l.total));
        kinf__cat(t, sizeof(s->why.num), " needed");
        KINF__REFUSE(&s->why, MEMORY_TOO_SMALL, t, 0);
        return s->why.item;
    }
    if (mem) {
        uint8_t* base = kinf__setup_base(mem);
        kinf_informer_t* inf = (kinf_informer_t*)(void*)base;
        memset(inf, 0, sizeof(*inf));
        o->conn = kinf__conn_into(&inf->conn, kinf__conn_tls_bytes(&s->cd) ? base + s->l.tls : 0);
        o->path = inf->path; o->rules = &inf->rules;
#ifndef KINF_NO_SELECTOR
        o->sel = &inf->sel;
#endif
    }
    if (!kinf__setup_check(&s->d, &s->cd, o, &s->why)) { return s->why.item; }
    return KINF_LOGITEM_OK;
}

#ifndef KINF_NO_WATCH_LIST
/* >>watchlist  Watch-list (KEP-3157): a (re)list as one watch with
   sendInitialEvents=true. The objects come as ADDED events, then a bookmark
   annotated k8s.io/initial-events-end: "true" ends them: the list is complete
   at its resourceVersion, and the same stream goes on as the watch. */
static int kinf__wl_want(const kinf_informer_t* inf) {
    return inf->wl_mode != KINF_WATCH_LIST_OFF && !inf->wl_off && !inf->wl_skip;
}
/* As client-go's reflector: from the last synced resourceVersion when there
   is one to go on from, else "" (a read as recent as the server's storage). */
static int kinf__wl_query(kinf_informer_t* inf, char* w, size_t cap, size_t* o) {
    int ok = kinf__put(w, cap, o, "?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&resourceVersion=");
    kinf__strlcpy(inf->req_rv, inf->rv_mode == KINF__RV_LAST ? inf->last_rv : "", sizeof(inf->req_rv));
    ok &= kinf__pct(w, cap, o, inf->req_rv);
    return ok;
}
/* the stream of a watch-list answered 200: a failure now is a fallback */
static int kinf__wl_streaming(const kinf_informer_t* inf) { return inf->wl_init && inf->conn.resp.head_done && inf->conn.resp.status == 200; }
/* A status that says the server does not do watch-list (an old server: 422
   Invalid; 400, 403, 405, 501 ...): any 4xx but 401, 404, 408, 410 and 429,
   which a LIST would get as well or which pass, and 501. */
static int kinf__wl_refusal(int status) {
    return (status >= 400 && status < 500 && status != 401 && status != 404 && status != 408 && status != 410 && status != 429) || status == 501;
}
#define KINF__WL_INIT(inf) ((inf)->wl_init)
#else
#define KINF__WL_INIT(inf) 0
#endif
/* >>reflector requests */
static int kinf__rf_build_request(kinf_informer_t* inf, int kind) {
    char* w = inf->wbuf;
    size_t cap = sizeof(inf->wbuf), o = 0;
    char num[21];
    int ok = 1;
    ok &= kinf__put(w, cap, &o, "GET ");
    ok &= kinf__put(w, cap, &o, inf->path);
    if (kind == KINF__PH_WATCH) {
        uint32_t t = inf->watch_timeout_s ? (uint32_t)inf->watch_timeout_s : 300u + kinf__rand(&inf->rng) % 300u;
#ifndef KINF_NO_WATCH_LIST
        if (inf->wl_init) { ok &= kinf__wl_query(inf, w, cap, &o); } else
#endif
        {
            ok &= kinf__put(w, cap, &o, "?watch=1&allowWatchBookmarks=true&resourceVersion=");
            ok &= kinf__pct(w, cap, &o, inf->last_rv);
        }
        ok &= kinf__put(w, cap, &o, "&timeoutSeconds=");
        ok &= kinf__put(w, cap, &o, kinf__utoa(num, t));
    } else {
        /* As client-go: a list at a last-seen RV is not paginated, so the
           server may answer it from its watch cache; nor is the full list
           that replaces an expired continue token. */
        int paged = !inf->list_nolimit && !(inf->rv_mode == KINF__RV_LAST && !inf->cont[0]);
        ok &= kinf__put(w, cap, &o, "?");
        if (paged) {
            ok &= kinf__put(w, cap, &o, "limit=");
            ok &= kinf__put(w, cap, &o, kinf__utoa(num, (uint64_t)inf->list_limit));
        }
        if (inf->cont[0]) {
            ok &= kinf__put(w, cap, &o, "&continue=");
            ok &= kinf__pct(w, cap, &o, inf->cont);
        } else if (inf->rv_mode != KINF__RV_UNSET) {
            kinf__strlcpy(inf->req_rv, inf->rv_mode == KINF__RV_ZERO ? "0" : inf->last_rv, sizeof(inf->req_rv));
            ok &= kinf__put(w, cap, &o, paged ? "&resourceVersion=" : "resourceVersion=");
            ok &= kinf__pct(w, cap, &o, inf->req_rv);
        } else {
            inf->req_rv[0] = 0;
        }
    }
    if (inf->lsel[0]) { ok &= kinf__put(w, cap, &o, "&labelSelector="); ok &= kinf__pct(w, cap, &o, inf->lsel); }
    if (inf->fsel[0]) { ok &= kinf__put(w, cap, &o, "&fieldSelector="); ok &= kinf__pct(w, cap, &o, inf->fsel); }
#ifndef KINF_NO_GZIP
    inf->conn.gz_asked = inf->conn.gz && kind == KINF__PH_LIST; /* never on a watch */
#endif
#ifndef KINF_NO_METADATA_ONLY
    ok &= kinf__conn_headers(&inf->conn, w, cap, &o, kinf__meta_accept(inf, kind == KINF__PH_WATCH), inf->conn.gz_asked ? "Accept-Encoding: gzip\r\n" : 0);
#else
    ok &= kinf__conn_headers(&inf->conn, w, cap, &o, "Accept: application/json\r\n", inf->conn.gz_asked ? "Accept-Encoding: gzip\r\n" : 0);
#endif
    inf->conn.wbuf = w; inf->conn.wlen = o; inf->conn.wpos = 0;
    return ok;
}

/* >>reflector connection: the engine asks, the driver does.
   kinf__rf_drop gives the connection up (the driver is asked to close it);
   kinf__rf_fail does so and backs off before the next request. */
static void kinf__rf_drop(kinf_informer_t* inf) {
#ifndef KINF_NO_GZIP
    /* a gzip list given up before its CRC-32 was checked (bad gzip, bad JSON
       out of it, a cut, a timeout): what it applied is not verified */
    if (inf->conn.gz_on && inf->req_kind == KINF__PH_LIST) { inf->gz_redo = 1; }
#endif
    kinf__conn_drop(&inf->conn);
}
static void kinf__rf_begin(kinf_informer_t* inf, int kind);
/* a list starts from its first page: no key has been seen in it yet */
static void kinf__rf_unseen(kinf_informer_t* inf) {
    int32_t s;
    for (s = 0; s < inf->slot_hi; s++) { inf->slots[s].flags &= (uint8_t)~KINF__F_SEEN; }
}
/* Retry-After in seconds, as a delay in ms no longer than 10 minutes; -1 when the server gave none */
static int64_t kinf__rf_retry_after_ms(const kinf_informer_t* inf) { return kinf__conn_retry_after_ms(&inf->conn, 600000); }
/* Backs off before the request of next_kind: delay_ms, or (-1) exponential
   from 800 ms to 30 s with full jitter, as client-go's reflector; the
   exponent starts over after two minutes without a failure. */
static void kinf__rf_fail(kinf_informer_t* inf, int next_kind, int64_t delay_ms) {
    uint64_t now = inf->conn.now;
    if (KINF__WL_INIT(inf) && next_kind == KINF__PH_WATCH) { next_kind = KINF__PH_LIST; } /* a watch-list again, not a watch */
    kinf__rf_drop(inf);
    if (delay_ms < 0) {
        if (now - inf->healthy_since > 120000u) { inf->backoff_n = 0; }
        delay_ms = (int64_t)kinf__backoff_ms(800u, 30000u, &inf->backoff_n, &inf->rng);
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
static int kinf__rf_pending(const kinf_informer_t* inf) { return kinf__conn_pending(&inf->conn); }
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
    inf->fatal = KINF_ERR_INVAL; inf->fatal_item = KINF_LOGITEM_CONFIG_TOO_LONG;
    return 0;
}
static void kinf__rf_begin(kinf_informer_t* inf, int kind) {
#ifndef KINF_NO_WATCH_LIST
    inf->wl_init = 0;
    if (kind == KINF__PH_LIST && !inf->cont[0] && kinf__wl_want(inf)) { kind = KINF__PH_WATCH; inf->wl_init = 1; }
#endif
    inf->phase = kind;
    inf->req_kind = kind;
    if (!kinf__rf_request(inf)) { return; }
    if (kind == KINF__PH_WATCH) {
        inf->st.watches++;
        inf->watch_start = inf->conn.now;
        inf->watch_events = 0;
#ifndef KINF_NO_WATCH_LIST
        if (inf->wl_init) {
            kinf__rf_unseen(inf);
            inf->st.watch_lists++;
            if (inf->listed) { inf->st.relists++; }
            KINF__INFO(inf, LIST_START, "watch-list, resourceVersion=", inf->req_rv[0] ? inf->req_rv : "\"\"");
        } else
#endif
        { KINF__INFO(inf, WATCH_START, inf->last_rv, 0); }
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
    kinf__conn_start(&inf->conn);
    if (!inf->conn.reused && inf->st.connections++) { inf->st.reconnects++; } /* the first connection is no reconnect */
}

#ifndef KINF_NO_WATCH_LIST
/* >>reflector watch-list fallback  The watch-list failed where a server that cannot do
   it fails: a refusing status, or a stream (its head 200) that ended, broke,
   went silent or sent an ERROR before the end bookmark. This (re)list goes
   through LIST at once; under KINF_WATCH_LIST_AUTO the informer remembers it
   (remember) and lists with LIST from then on. A connection cut under the
   stream is the network's doing, not the server's answer: LIST for this one,
   not remembered. A failure before any response head (no connection, a
   reset) is no answer at all: the watch-list is tried again after the usual
   backoff. What the initial events put in the store stays: the LIST marks
   what it sees and replaces the rest, as any list. */
static void kinf__wl_fallback(kinf_informer_t* inf, const char* d1, const char* d2, int remember) {
    inf->wl_init = 0;
    inf->wl_skip = 1;
    if (remember && inf->wl_mode == KINF_WATCH_LIST_AUTO) { inf->wl_off = 1; }
    inf->st.watch_list_fallbacks++;
    KINF__WARN(inf, WATCH_LIST_FALLBACK, d1, d2);
    kinf__rf_drop(inf);
    kinf__rf_begin(inf, KINF__PH_LIST);
}
#endif

/* >>reflector events */
/* jsmn helpers over the event buffer, for Status objects (ERROR events and error bodies) */
static int kinf__rf_tok_member(const kinf_informer_t* inf, int nt, int oi, const char* name) {
    return kinf__tok_member((const char*)inf->ev, inf->toks, nt, oi, name);
}
static int kinf__rf_tok_is(const kinf_informer_t* inf, int i, const char* s) { return kinf__tok_is((const char*)inf->ev, inf->toks, i, s); }
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
            j = kinf__tok_skip(inf->toks, nt, j);
        }
    }
    return c == 410 ? KINF__STATUS_EXPIRED : KINF__STATUS_OTHER;
}
/* a captured (unescaped) string as the text of a JSON string: quote and
   backslash escaped again (the captures hold no control byte) */
static int kinf__rf_put_json(char* out, size_t cap, size_t* o, const char* s) {
    for (; *s; s++) {
        int esc = *s == '"' || *s == '\\';
        if (*o + 1 + (size_t)esc >= cap) { return 0; }
        if (esc) { out[(*o)++] = '\\'; }
        out[(*o)++] = *s;
    }
    out[*o] = 0;
    return 1;
}
static int kinf__rf_identity_json(kinf_informer_t* inf) {
    char* w = (char*)inf->ev;
    size_t o = 0, cap = inf->max_event_bytes;
    int ok = kinf__put(w, cap, &o, "{\"metadata\":{\"name\":\"");
    ok &= kinf__rf_put_json(w, cap, &o, inf->c_name);
    if (inf->c_ns[0]) { ok &= kinf__put(w, cap, &o, "\",\"namespace\":\""); ok &= kinf__rf_put_json(w, cap, &o, inf->c_ns); }
    if (inf->c_uid[0]) { ok &= kinf__put(w, cap, &o, "\",\"uid\":\""); ok &= kinf__rf_put_json(w, cap, &o, inf->c_uid); }
    ok &= kinf__put(w, cap, &o, "\",\"resourceVersion\":\"");
    ok &= kinf__rf_put_json(w, cap, &o, inf->c_rv);
    ok &= kinf__put(w, cap, &o, "\"}}");
    return ok ? (int)o : -1;
}
/* A resourceVersion (capture k: an object's, a bookmark's, the list's)
   longer than KINF__MAX_RV - 1 bytes: logged with its length. */
static void kinf__rf_rv_too_long(kinf_informer_t* inf, int k, const char* what) {
    char num[21], d[48];
    const char* n = kinf__utoa(num, (uint64_t)(inf->scan.clen[k] + inf->scan.ccut[k]));
    size_t l = strlen(n);
    memcpy(d, " (", 2); memcpy(d + 2, n, l); memcpy(d + 2 + l, " bytes)", 8);
    KINF__ERR(inf, RV_TOO_LONG, what, d);
}
/* A snapshot's objects are current again: the watch from its RV had an
   event, a bookmark or its end, or a list has replaced them. */
static void kinf__rf_confirmed(kinf_informer_t* inf) { inf->fresh_at = inf->conn.now; inf->fresh = 1; }
static void kinf__rf_snap_resumed(kinf_informer_t* inf) {
    if (!inf->snap_stale) { return; }
    inf->snap_stale = 0;
    KINF__INFO(inf, SNAPSHOT_RESUMED, inf->last_rv, 0);
}
#ifndef KINF_NO_WATCH_LIST
/* >>reflector watch-list bookmark  Does the bookmark in ev carry the annotation
   k8s.io/initial-events-end: "true" (1)? With another value, 0: the server
   knows the annotation, and this one does not end the initial events. With
   none at all, -1: a plain watch's bookmark. A bookmark is small: jsmn reads
   it whole; one it cannot read is 0 (watch_list_timeout_ms bounds the wait). */
static int kinf__wl_end_bookmark(kinf_informer_t* inf) {
    jsmn_parser jp;
    int nt, v;
    if (inf->scan.rec_over) { return 0; }
    jsmn_init(&jp);
    nt = jsmn_parse(&jp, (const char*)inf->ev, inf->scan.ev_len, inf->toks, (unsigned)inf->max_tokens);
    if (nt <= 0) { return 0; }
    v = kinf__rf_tok_member(inf, nt, kinf__rf_tok_member(inf, nt, kinf__rf_tok_member(inf, nt, kinf__rf_tok_member(inf, nt, 0,
        "object"), "metadata"), "annotations"), "k8s.io/initial-events-end");
    if (v < 0) { return -1; }
    return inf->toks[v].type == JSMN_STRING && kinf__rf_tok_is(inf, v, "true");
}
#endif
/* >>reflector apply  an event or a list item into the store */
/* Does the projected object js[0..jl) match the informer's selectors?
   (a delete is applied whatever it matches: an object that leaves the
   selectors is deleted with its new labels, as the API server sends it) */
static int kinf__rf_in_scope(kinf_informer_t* inf, const char* key, const uint8_t* js, size_t jl) {
#ifdef KINF_NO_SELECTOR
    (void)inf; (void)key; (void)js; (void)jl;
    return 1;
#else
    kinf_object_t o;
    if (!inf->sel.nterms) { return 1; }
    memset(&o, 0, sizeof(o));
    o.key = key; o.name = inf->c_name; o.namespace_ = inf->c_ns; o.uid = inf->c_uid; o.resource_version = inf->c_rv;
    o.json = (const char*)js; o.json_len = jl;
    return kinf_selector_match(&inf->sel, &o);
#endif
}
enum { KINF__OP_UPSERT = 0, KINF__OP_DELETE, KINF__OP_LIST };
/* Applies one object (inf->ev[start..end), or start == end when only its
   identity is known). Returns 0, or -1 when the object is malformed. */
static int kinf__rf_apply(kinf_informer_t* inf, size_t start, size_t end, int op) {
    kinf__scan* sc = &inf->scan;
    char key[KINF__MAX_KEY];
    size_t kl, nsl;
    uint32_t h, ref, flags = 0;
    int32_t s;
    long jl;
    size_t at = 0; /* the object is at inf->ev[at..at + jl) */
    if (sc->cset[KINF__CAP_RV] && sc->cover[KINF__CAP_RV]) {
        inf->st.malformed++;
        kinf__rf_rv_too_long(inf, KINF__CAP_RV, inf->c_name);
        return 0; /* skipped: its version cannot be held, and the stream is sound */
    }
    if (!sc->cset[KINF__CAP_NAME] || !sc->cset[KINF__CAP_RV] || !inf->c_name[0] || !inf->c_rv[0] ||
        sc->cover[KINF__CAP_NAME] || sc->cover[KINF__CAP_NS] || sc->cover[KINF__CAP_UID] ||
        strchr(inf->c_name, '/') || strchr(inf->c_ns, '/')) {
        inf->st.malformed++;
        KINF__ERR(inf, OBJECT_NO_NAME, inf->c_name, 0);
        return 0; /* skipped: it cannot be keyed, and the stream is sound */
    }
    if (!sc->cset[KINF__CAP_NS]) { inf->c_ns[0] = 0; }
    if (!sc->cset[KINF__CAP_UID]) { inf->c_uid[0] = 0; }
    nsl = strlen(inf->c_ns);
    kl = kinf__key_put(key, inf->c_ns, nsl, inf->c_name, strlen(inf->c_name));
    key[kl] = 0;
    if (inf->ns_len && (nsl != inf->ns_len || memcmp(inf->c_ns, inf->path + inf->ns_off, inf->ns_len) != 0)) {
        /* a server (or a proxy) sent an object the request did not ask for:
           no handler, lister or snapshot of this informer may see it */
        inf->st.malformed++;
        KINF__ERR(inf, OBJECT_OUT_OF_SCOPE, key, 0);
        return 0; /* refused, never cached; the stream is sound */
    }
    h = kinf__fnv(key, kl);
    s = kinf__hash_find(inf, key, kl, h);
    if (s >= 0 && op == KINF__OP_LIST && kinf__store_visible(inf, s) && !KINF__GZ_REDO(inf)) {
        kinf_object_t o;
        kinf__store_view(inf, inf->slots[s].cur, s, &o);
        if (!strcmp(o.resource_version, inf->c_rv)) { inf->slots[s].flags |= KINF__F_SEEN; return 0; }
    }
    if (s < 0 && op == KINF__OP_DELETE) { return 0; } /* never seen: nothing to delete */
    if (end > start) {
        jl = kinf__project(inf, start, end, &at);
        if (jl < 0) { return -1; }
        if (op != KINF__OP_DELETE && !kinf__rf_in_scope(inf, key, inf->ev + at, (size_t)jl)) {
            /* outside the selectors the request named: the same refusal. A
               cached object the server now says is outside them has left
               them: deleted (with the state it had), as the API server
               would have sent it */
            inf->st.malformed++;
            KINF__ERR(inf, OBJECT_OUT_OF_SCOPE, key, 0);
            if (s >= 0 && kinf__store_visible(inf, s)) { kinf__store_delete(inf, s, 0, 0); KINF__SELFCHECK(inf); }
            return 0;
        }
    } else {
        jl = kinf__rf_identity_json(inf);
        flags = KINF_OBJ_IDENTITY_ONLY;
        if (jl < 0) { return -1; }
    }
    ref = kinf__blk_make(inf, inf->c_ns, inf->c_name, inf->c_uid, inf->c_rv, inf->ev + at, (size_t)jl, flags);
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
/* what a record (or the bytes of a body) asks of the reflector; KINF__REC_FRAMING:
   bytes that are no JSON body of this kind */
enum { KINF__REC_OK = 0, KINF__REC_BROKEN, KINF__REC_EXPIRED, KINF__REC_TOO_LARGE, KINF__REC_FRAMING, KINF__REC_WL_PLAIN };
static void kinf__rf_replaced(kinf_informer_t* inf, const char* rv, const char* how);
/* OBJECT_TOO_LARGE, naming the object (namespace/name) and its size: the
   bytes of its record after projection, against max_event_bytes (a build
   without log strings: the name alone) */
static void kinf__rf_too_large(kinf_informer_t* inf) {
#ifndef KINF_NO_LOG_STRINGS
    const kinf__scan* sc = &inf->scan;
    char who[2 * KINF__MAX_NAME + 2], size[96], n1[24], n2[24];
    who[0] = 0;
    if (sc->cset[KINF__CAP_NS] && !sc->cover[KINF__CAP_NS] && inf->c_ns[0]) { kinf__cat(who, sizeof(who), inf->c_ns); kinf__cat(who, sizeof(who), "/"); }
    kinf__cat(who, sizeof(who), sc->cset[KINF__CAP_NAME] ? inf->c_name : "?");
    size[0] = 0;
    kinf__cat(size, sizeof(size), ": ");
    kinf__cat(size, sizeof(size), kinf__utoa(n1, (uint64_t)(sc->ev_len + sc->ev_over)));
    kinf__cat(size, sizeof(size), " bytes, max_event_bytes ");
    kinf__cat(size, sizeof(size), kinf__utoa(n2, (uint64_t)sc->ev_cap));
    KINF__ERR(inf, OBJECT_TOO_LARGE, who, size);
#else
    KINF__ERR(inf, OBJECT_TOO_LARGE, inf->c_name, 0);
#endif
}
static int kinf__rf_on_record(kinf_informer_t* inf) {
    kinf__scan* sc = &inf->scan;
    int op;
    if (inf->body_mode == KINF__BODY_LIST) {
        inf->st.list_items++;
        if (sc->rec_over) {
            inf->st.oversized++;
            kinf__rf_too_large(inf);
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
    if (strcmp(inf->c_type, "ERROR") && !KINF__WL_INIT(inf)) { /* the server has the saved RV's history, and the cache is current */
        kinf__rf_snap_resumed(inf);
        kinf__rf_confirmed(inf);
    }
    if (!strcmp(inf->c_type, "BOOKMARK")) {
        inf->st.bookmarks++;
#ifndef KINF_NO_WATCH_LIST
        if (inf->wl_init) {
            /* the initial events' end: the list is complete at its RV. A bookmark
               without the annotation before it is a plain watch's: the server
               ignored the request's parameters and will never end them */
            int end = kinf__wl_end_bookmark(inf);
            if (end < 0) { inf->wl_why = "a bookmark without k8s.io/initial-events-end before the initial events ended"; return KINF__REC_WL_PLAIN; }
            if (!end) { return KINF__REC_OK; }
            if (!sc->cset[KINF__CAP_RV] || sc->cover[KINF__CAP_RV] || !inf->c_rv[0]) {
                inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "end bookmark without resourceVersion", 0); return KINF__REC_BROKEN;
            }
            inf->wl_init = 0;
            kinf__rf_replaced(inf, inf->c_rv, " (watch-list: end bookmark)");
            KINF__INFO(inf, WATCH_START, inf->last_rv, " (watch-list: the same stream goes on)");
            return KINF__REC_OK;
        }
#endif
        if (sc->cset[KINF__CAP_RV] && sc->cover[KINF__CAP_RV]) { kinf__rf_rv_too_long(inf, KINF__CAP_RV, "bookmark"); } /* not used */
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
#ifndef KINF_NO_WATCH_LIST
    if (inf->wl_init) { /* initial events are ADDED: any other is a plain watch's */
        if (strcmp(inf->c_type, "ADDED")) { inf->wl_why = "an event other than ADDED before the initial events ended"; return KINF__REC_WL_PLAIN; }
        op = KINF__OP_LIST; inf->st.list_items++; /* an initial event: as a list item */
        inf->wl_progress = inf->conn.now;
    }
#endif
    if (sc->rec_over) {
        inf->st.oversized++;
        kinf__rf_too_large(inf);
        if (kinf__rf_apply(inf, 0, 0, op)) { return KINF__REC_BROKEN; }
    } else {
        if (sc->obj_end <= sc->obj_start) { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "no object", 0); return KINF__REC_BROKEN; }
        if (kinf__rf_apply(inf, sc->obj_start, sc->obj_end, op)) { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "bad value", 0); return KINF__REC_BROKEN; }
    }
    /* not from an initial event: they come in no order, and the list's RV is the end bookmark's */
    if (inf->c_rv[0] && !inf->scan.cover[KINF__CAP_RV] && !KINF__WL_INIT(inf)) { kinf__strlcpy(inf->last_rv, inf->c_rv, sizeof(inf->last_rv)); }
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
/* The one replace decision of a (re)list, made by a LIST's last page or a
   watch-list's end bookmark: keys it did not see are deleted, final state
   unknown; rv is the list's resourceVersion, how a detail of LIST_DONE. */
static void kinf__rf_replaced(kinf_informer_t* inf, const char* rv, const char* how) {
    int32_t s;
    /* keys the new list no longer has: deleted, final state unknown */
    for (s = 0; s < inf->slot_hi; s++) {
        if (kinf__store_visible(inf, s) && !(inf->slots[s].flags & KINF__F_SEEN)) { kinf__store_delete(inf, s, 0, 1); }
    }
    KINF__SELFCHECK(inf);
    kinf__strlcpy(inf->last_rv, rv, sizeof(inf->last_rv));
    inf->listed = 1;
#ifndef KINF_NO_GZIP
    inf->gz_redo = 0;
#endif
    inf->list_nolimit = 0;
#ifndef KINF_NO_WATCH_LIST
    inf->wl_skip = 0;             /* the next relist may try watch-list again (unless refused under AUTO) */
#endif
    KINF__INFO(inf, LIST_DONE, inf->last_rv, how);
    kinf__rf_confirmed(inf);
    kinf__rf_snap_resumed(inf);
    if (!inf->synced && !inf->sync_wait) {
        inf->sync_wait = 1;
        inf->sync_pops_left = inf->flen;
    }
    inf->rv_mode = KINF__RV_LAST;
}
static void kinf__rf_list_finished(kinf_informer_t* inf) {
    kinf__rf_replaced(inf, inf->c_lrv, 0);
    kinf__rf_begin(inf, KINF__PH_WATCH);
}
static void kinf__rf_response_done(kinf_informer_t* inf) {
    int status = inf->conn.resp.status, kind = inf->req_kind;
    uint64_t now = inf->conn.now;
    inf->responses++;
    kinf__conn_finished(&inf->conn);
    if (status == 200 && kind == KINF__PH_LIST) {
        kinf__scan* sc = &inf->scan;
        if (sc->root_done && sc->cset[KINF__CAP_LIST_RV] && sc->cover[KINF__CAP_LIST_RV]) {
            kinf__rf_rv_too_long(inf, KINF__CAP_LIST_RV, "list");
            inf->cont[0] = 0;
            kinf__rf_fail(inf, KINF__PH_LIST, -1);
            return;
        }
        if (!sc->root_done || !sc->cset[KINF__CAP_LIST_RV] || sc->cover[KINF__CAP_CONTINUE] || !inf->c_lrv[0]) {
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
#ifndef KINF_NO_WATCH_LIST
    if (status == 200 && inf->wl_init) { kinf__wl_fallback(inf, "the stream ended before the end bookmark", 0, 1); return; }
#endif
    if (status == 200) { /* a watch the server ended */
        kinf__rf_snap_resumed(inf);
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
#ifndef KINF_NO_WATCH_LIST
        if (inf->wl_init && k == KINF__STATUS_OTHER && kinf__wl_refusal(status)) { kinf__wl_fallback(inf, code, msg, 1); return; }
#endif
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
        if (status == 400 && inf->conn.https && kinf__mem_has(inf->ev, inf->scan.ev_len, "SSL certificate")) {
            /* a TLS terminator (nginx) that checks client certificates after the handshake */
            KINF__ERR(inf, TLS_CLIENT_CERT_REJECTED, inf->conn.host, " (HTTP 400 from a TLS proxy)");
        } else if (status == 401) {
            KINF__ERR(inf, UNAUTHORIZED, msg[0] ? msg + 1 : 0, 0);
            kinf__conn_unauthorized(&inf->conn); /* the driver reads the token again before the retry */
        } else if (status == 403) { KINF__ERR(inf, FORBIDDEN, inf->path, msg); }
        else if (status == 404) { KINF__ERR(inf, NOT_FOUND, inf->path, msg); }
#ifndef KINF_NO_LOG_STRINGS
        else if (status == 400 && !inf->conn.https && kinf__mem_has(inf->ev, inf->scan.ev_len, "HTTP request to an HTTPS server")) {
            KINF__ERR(inf, BAD_REQUEST, inf->path, " (the server speaks TLS: use https://)"); /* Go's answer to plain HTTP on a TLS port */
        }
#endif
        else if (status == 400) { KINF__ERR(inf, BAD_REQUEST, inf->path, msg); }
        else if (status >= 500) {
            KINF__ERR(inf, SERVER_ERROR, code, msg);
            if (inf->conn.resp.retry_after >= 0) { kinf__rf_fail(inf, kind, kinf__rf_retry_after_ms(inf)); return; }
        } else { KINF__ERR(inf, HTTP_STATUS, code, msg); }
        kinf__rf_fail(inf, kind, -1);
    }
}
/* Broken stream: a cut, a malformed event, a timeout. The watch resumes from
   the last applied resourceVersion; a list starts over. */
static void kinf__rf_broken(kinf_informer_t* inf) {
#ifndef KINF_NO_WATCH_LIST
    if (kinf__wl_streaming(inf)) { kinf__wl_fallback(inf, "the stream broke before the end bookmark", 0, 1); return; }
#endif
    if (inf->req_kind == KINF__PH_LIST) { inf->cont[0] = 0; }
    kinf__rf_fail(inf, inf->req_kind, -1);
}
/* The connection ended (closed or reset) under a watch stream. As client-go's
   reflector, a watch that delivered events or lasted a second resumes at
   once from the last applied resourceVersion; a shorter, empty one backs off
   like any failure. */
static void kinf__rf_cut(kinf_informer_t* inf) {
#ifndef KINF_NO_WATCH_LIST
    if (kinf__wl_streaming(inf)) { kinf__wl_fallback(inf, "the connection was cut before the end bookmark", " (this list only)", 0); return; }
#endif
    if (inf->req_kind == KINF__PH_WATCH && inf->conn.resp.head_done && inf->conn.resp.status == 200 &&
        (inf->watch_events > 0 || inf->conn.now - inf->watch_start >= 1000u)) {
        kinf__rf_fail(inf, KINF__PH_WATCH, 0);
        return;
    }
    kinf__rf_broken(inf);
}
/* The response head is in: what its body is, and the scanner set for it. */
static int kinf__rf_head(void* owner) {
    kinf_informer_t* inf = (kinf_informer_t*)owner;
    if (inf->conn.resp.status == 200) {
        inf->body_mode = inf->req_kind == KINF__PH_LIST ? KINF__BODY_LIST : KINF__BODY_WATCH;
    } else {
        inf->body_mode = KINF__BODY_STATUS;
    }
    kinf__scan_reset(&inf->scan, inf->body_mode == KINF__BODY_LIST);
    inf->scan.ev_len = 0;
#ifndef KINF_NO_WATCH_LIST
    inf->wl_progress = inf->conn.now; /* watch_list_timeout_ms counts from here */
#endif
    return 0;
}
/* A look at each record the scanner has framed, before it is applied: the
   fuzz targets check its captures against a second scan. Nothing by default. */
#ifndef KINF__RECORD_HOOK
#define KINF__RECORD_HOOK(sc) ((void)0)
#endif
/* The body loop: feeds decoded body bytes d[0..n) to the scanner and applies
   each record it finishes, until the bytes run out, a record asks for more
   than going on, or the FIFO is full (backpressure). *used gets the bytes
   taken. Returns KINF__REC_OK, or the KINF__REC_* that stopped it (logged);
   what to do about it is the caller's. At most n + 1 rounds: a round takes
   a byte at least, or stops the loop. */
static int kinf__rf_body_feed(kinf_informer_t* inf, const uint8_t* d, size_t n, size_t* used) {
    size_t p = 0;
    int r = KINF__REC_OK;
    while (p < n && r == KINF__REC_OK && (int)inf->flen < inf->fifo_cap) {
        p += kinf__scan_feed(&inf->scan, d + p, n - p);
        if (inf->scan.err) {
            if (inf->scan.err == 2) { KINF__ERR(inf, JSON_TOO_DEEP, 0, 0); }
            else if (inf->scan.err == 3) {
                char num[21], det[32];
                const char* ns = kinf__utoa(num, inf->scan.items);
                size_t l = strlen(ns);
                memcpy(det, "items[", 6); memcpy(det + 6, ns, l); memcpy(det + 6 + l, "]", 2);
                inf->st.malformed++;
                KINF__ERR(inf, LIST_ITEM_NOT_OBJECT, det, 0);
            }
            else if (inf->scan.err == 4) { inf->st.malformed++; KINF__ERR(inf, LIST_MALFORMED, "\"items\" is not an array", 0); }
            else if (inf->body_mode == KINF__BODY_LIST) { KINF__ERR(inf, LIST_MALFORMED, KINF__SCAN_WHY(inf->scan.err, "not UTF-8", 0), 0); }
            else { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, KINF__SCAN_WHY(inf->scan.err, "not UTF-8", "bad framing"), 0); }
            r = KINF__REC_FRAMING;
        } else if (inf->scan.rec_done) {
            inf->scan.rec_done = 0;
            KINF__RECORD_HOOK(&inf->scan);
            r = kinf__rf_on_record(inf);
            inf->scan.ev_len = 0;
        }
    }
    *used = p;
    return r;
}
/* Feeds decoded body bytes to the scanner; returns -1 when the connection
   was given up (the caller stops), 0 otherwise. */
static int kinf__rf_consume(kinf_informer_t* inf) {
    while (kinf__rf_pending(inf)) {
        size_t used, avail;
        const uint8_t* src = 0;
        int r = KINF__REC_OK;
        long k = kinf__conn_next(&inf->conn, &src);
        if (k < 0) { kinf__rf_broken(inf); return -1; }
        if (k == 0) { continue; }
        avail = (size_t)k;
        if (inf->body_mode == KINF__BODY_STATUS) {
            size_t take = avail;
            if (inf->scan.ev_len + take > inf->max_event_bytes - 1) { take = inf->max_event_bytes - 1 - inf->scan.ev_len; }
            memcpy(inf->ev + inf->scan.ev_len, src, take);
            inf->scan.ev_len += take;
            used = avail; /* what does not fit is dropped */
        } else {
            r = kinf__rf_body_feed(inf, src, avail, &used);
        }
        kinf__conn_take(&inf->conn, used);
        if (r == KINF__REC_BROKEN || r == KINF__REC_FRAMING) { kinf__rf_broken(inf); return -1; }
#ifndef KINF_NO_WATCH_LIST
        if (r == KINF__REC_WL_PLAIN) { kinf__wl_fallback(inf, inf->wl_why, 0, 1); return -1; }
#endif
        if (r == KINF__REC_EXPIRED || r == KINF__REC_TOO_LARGE) {
            kinf__rf_watch_expired(inf, r == KINF__REC_EXPIRED ? KINF__STATUS_EXPIRED : KINF__STATUS_TOO_LARGE, " (in stream)");
            return -1;
        }
        if (used < avail) { return 0; } /* backpressure: the FIFO must drain first */
    }
    return 0;
}

/* >>reflector step: everything that needs no transport */
/* Starts the first list, ends a backoff, feeds bytes held back by the FIFO
   and finishes responses, as far as it can without the transport. */
static void kinf__rf_advance(void* owner) {
    kinf_informer_t* inf = (kinf_informer_t*)owner;
    int rounds;
    if (inf->stop || inf->fatal) { return; }
    if (inf->started == KINF__RUN_NEW) {
        inf->rv_mode = KINF__RV_ZERO;
        inf->healthy_since = inf->conn.now;
        if (inf->snap_loaded && inf->last_rv[0]) { inf->rv_mode = KINF__RV_LAST; kinf__rf_begin(inf, KINF__PH_WATCH); } /* a snapshot's RV */
        else { kinf__rf_begin(inf, KINF__PH_LIST); }
    }
    for (rounds = 0; rounds < 64 && !inf->stop && !inf->fatal; rounds++) {
        if (inf->phase == KINF__PH_BACKOFF) {
            if (inf->conn.now < inf->backoff_until) { return; }
            kinf__rf_begin(inf, inf->next_kind);
            continue;
        }
        if (inf->conn.cstate != KINF__C_RECV) { return; }
        if (kinf__rf_consume(inf)) { continue; }
        if (kinf__rf_pending(inf)) { /* held back by the FIFO: we are slow, not the server */
            inf->conn.last_rx = inf->conn.now;
#ifndef KINF_NO_WATCH_LIST
            inf->wl_progress = inf->conn.now;
#endif
            return;
        }
#ifndef KINF_NO_WATCH_LIST
        if (kinf__wl_streaming(inf) && inf->conn.now - inf->wl_progress >= inf->wl_timeout_ms) {
            kinf__wl_fallback(inf, "no end bookmark within watch_list_timeout_ms", 0, 1);
            continue;
        }
#endif
        if (!inf->conn.body_done) { return; }
        if (kinf__conn_body_end(&inf->conn) != 0) { kinf__rf_broken(inf); continue; } /* the gzip stream did not end */
        kinf__rf_response_done(inf);
    }
}
/* The exchange ended without a whole response. A silent server is not a
   failing one, so a silent response resumes at once; a request that cannot
   be sent is a broken connection. */
static void kinf__rf_lost(void* owner, int why, uint32_t item) {
    kinf_informer_t* inf = (kinf_informer_t*)owner;
    int cs = inf->conn.cstate;
    (void)item; /* logged already, or below */
    if (why == KINF__LOST_BROKEN) { kinf__rf_broken(inf); return; }
    if (why == KINF__LOST_CLOSED) { KINF__WARN(inf, CONNECTION_CLOSED, 0, 0); kinf__rf_cut(inf); return; }
    if (why == KINF__LOST_FAILED) {
        if (cs == KINF__C_WANTED) { kinf__rf_fail(inf, inf->req_kind, -1); } /* a list keeps its continue token */
        else if (cs == KINF__C_SEND || cs == KINF__C_RECV) { kinf__rf_cut(inf); }
        return;
    }
    if (cs == KINF__C_SEND) { KINF__WARN(inf, IDLE_TIMEOUT, "sending", 0); kinf__rf_broken(inf); return; }
    KINF__WARN(inf, IDLE_TIMEOUT, 0, 0);
#ifndef KINF_NO_WATCH_LIST
    if (kinf__wl_streaming(inf)) { kinf__wl_fallback(inf, "no end bookmark within the idle timeout", 0, 1); return; }
#endif
    if (inf->req_kind == KINF__PH_LIST) { inf->cont[0] = 0; }
    kinf__rf_fail(inf, inf->req_kind, 0);
}
/* what the informer can take now: nothing once stopped; bytes while the FIFO has room */
static unsigned kinf__rf_gate(const void* owner) {
    const kinf_informer_t* inf = (const kinf_informer_t*)owner;
    if (inf->stop || inf->fatal) { return KINF__HALT; }
    return KINF_ENG_TOKEN | ((int)inf->flen < inf->fifo_cap ? (unsigned)KINF_ENG_RECV : 0u);
}
static uint64_t kinf__rf_deadline(const void* owner) {
    const kinf_informer_t* inf = (const kinf_informer_t*)owner;
    uint64_t dl = UINT64_MAX;
    if (inf->started == KINF__RUN_NEW || inf->flen > 0) { return inf->conn.now; }
    if (inf->phase == KINF__PH_BACKOFF) { dl = inf->backoff_until; }
#ifndef KINF_NO_WATCH_LIST
    if (kinf__wl_streaming(inf) && inf->wl_progress + inf->wl_timeout_ms < dl) { dl = inf->wl_progress + inf->wl_timeout_ms; }
#endif
    if (inf->synced && inf->next_resync && inf->next_resync < dl) { dl = inf->next_resync; }
    return dl;
}
/* the request again, with the token read since it was built */
static int kinf__rf_rebuild(void* owner) { return kinf__rf_request((kinf_informer_t*)owner); }
static void kinf__rf_log(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log((kinf_informer_t*)owner, level, item, d1, d2, line);
}
/* >>handlers  delivery from the FIFO */
/* an object kept identity-only goes to on_oversized, never to on_add or on_update */
static void kinf__hd_deliver_oversized(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b) {
    int i;
    inf->st.delivered_oversized++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].h.on_oversized && !inf->handlers[i].mute) { inf->handlers[i].h.on_oversized(inf, a, b, inf->handlers[i].h.user); } }
}
static void kinf__hd_deliver_add(kinf_informer_t* inf, const kinf_object_t* o) {
    int i;
    if (o->flags & KINF_OBJ_IDENTITY_ONLY) { kinf__hd_deliver_oversized(inf, 0, o); return; }
    inf->st.delivered_adds++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].h.on_add) { inf->handlers[i].h.on_add(inf, o, inf->handlers[i].h.user); } }
}
static void kinf__hd_deliver_update(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b) {
    int i;
    if (b->flags & KINF_OBJ_IDENTITY_ONLY) { kinf__hd_deliver_oversized(inf, a, b); return; }
    inf->st.delivered_updates++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].h.on_update && !inf->handlers[i].mute) { inf->handlers[i].h.on_update(inf, a, b, inf->handlers[i].h.user); } }
}
static void kinf__hd_deliver_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu) {
    int i;
    inf->st.delivered_deletes++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].h.on_delete) { inf->handlers[i].h.on_delete(inf, o, fsu, inf->handlers[i].h.user); } }
}
#ifndef KINF_NO_RESYNC
/* a handler's resync period: its own, the informer's, or none (0) */
static uint64_t kinf__hd_period(const kinf_informer_t* inf, const kinf__hslot* hs) {
    return hs->period > 0 ? (uint64_t)hs->period : hs->period < 0 ? 0u : (uint64_t)inf->resync_ms;
}
/* with again, the handler's next resync a period from now (none without
   one); then the informer's next, the earliest of its handlers', takes it */
static void kinf__hd_resync_plan(kinf_informer_t* inf, kinf__hslot* hs, int again) {
    if (again) {
        uint64_t p = kinf__hd_period(inf, hs);
        hs->next_resync = p ? inf->conn.now + p : 0u;
    }
    if (hs->next_resync && (!inf->next_resync || hs->next_resync < inf->next_resync)) { inf->next_resync = hs->next_resync; }
}
/* on_update(o, o) for each object delivered and with no change queued, to
   the handlers whose resync is due (the others muted for the round); then
   their next ones. It runs outside dispatch_budget. A handler added by
   these callbacks is in the round for the objects after; one removed is
   passed by. */
static void kinf__hd_resync(kinf_informer_t* inf) {
    int32_t s;
    int i, due = 0;
    for (i = 0; i < inf->nhandlers; i++) {
        kinf__hslot* hs = &inf->handlers[i];
        hs->mute = !hs->next_resync || inf->conn.now < hs->next_resync;
        due |= !hs->mute;
    }
    for (s = 0; due && s < inf->slot_hi && !inf->stop; s++) {
        kinf__slot* sl = &inf->slots[s];
        if (kinf__store_visible(inf, s) && (sl->flags & KINF__F_KNOWN) && !(sl->flags & KINF__F_PENDING)) {
            kinf_object_t o;
            kinf__store_view(inf, sl->cur, s, &o);
            kinf__hd_deliver_update(inf, &o, &o);
        }
    }
    inf->st.resyncs += (unsigned)due; /* none: the one due was removed */
    inf->next_resync = 0;
    for (i = 0; i < inf->nhandlers; i++) {
        kinf__hslot* hs = &inf->handlers[i];
        kinf__hd_resync_plan(inf, hs, !hs->mute);
        hs->mute = 0;
    }
}
#else
static void kinf__hd_resync_plan(kinf_informer_t* inf, kinf__hslot* hs, int again) { (void)inf; (void)hs; (void)again; } /* next_resync stays 0 */
static void kinf__hd_resync(kinf_informer_t* inf) { (void)inf; }
#endif
static void kinf__hd_dispatch(kinf_informer_t* inf) {
    int budget = inf->budget > 0 ? inf->budget : 0x7fffffff;
    inf->conn.in_callback = 1;
    while (budget-- > 0 && !inf->stop) {
        int32_t s = kinf__fifo_pop(inf);
        kinf__slot* sl;
        kinf_object_t a, b;
        if (s < 0) { break; }
        sl = &inf->slots[s];
        /* a handler added by these callbacks is given the object as the
           others had it (old while there is one; none while it is not
           KNOWN, set after its add), then the change (kinf_add_handler) */
        inf->hd_slot1 = s + 1;
        if (sl->flags & KINF__F_RECREATED) {
            kinf__store_view(inf, sl->old, s, &a);
            kinf__hd_deliver_delete(inf, &a, (sl->flags & KINF__F_FSU_OLD) != 0);
            kinf__ver_drop(inf, s, sl->old, 1); sl->old = 0;
            sl->flags &= (uint8_t)~(KINF__F_RECREATED | KINF__F_FSU_OLD | KINF__F_KNOWN);
        }
        kinf__store_view(inf, sl->cur, s, &b);
        if (sl->flags & KINF__F_DELETED) {
            if (!(sl->flags & KINF__F_KNOWN)) { kinf__hd_deliver_add(inf, &b); sl->flags |= KINF__F_KNOWN; }
            kinf__hd_deliver_delete(inf, &b, (sl->flags & KINF__F_FSU) != 0);
            kinf__slot_free(inf, s);
        } else if (!(sl->flags & KINF__F_KNOWN)) {
            kinf__hd_deliver_add(inf, &b);
            sl->flags |= KINF__F_KNOWN;
        } else if (KINF__SKIP_UNCHANGED(inf) && sl->old && kinf__store_same(inf, sl->old, sl->cur)) {
            /* changes that came back to what the handlers had */
            inf->st.skipped_unchanged++;
            kinf__arena_free(inf, sl->old); sl->old = 0;
        } else {
            if (sl->old) { kinf__store_view(inf, sl->old, s, &a); } else { a = b; }
            kinf__hd_deliver_update(inf, &a, &b);
            if (sl->old) { kinf__ver_drop(inf, s, sl->old, 1); sl->old = 0; }
        }
        KINF__SELFCHECK(inf); /* hd_slot1 stays: a slot not PENDING has no old version once delivered */
        if (inf->sync_wait && inf->sync_pops_left) { inf->sync_pops_left--; }
    }
    if (inf->sync_wait && inf->sync_pops_left == 0) {
        int i;
        inf->sync_wait = 0;
        inf->synced = 1;
        KINF__INFO(inf, SYNCED, 0, 0);
        for (i = 0; i < inf->nhandlers; i++) { kinf__hd_resync_plan(inf, &inf->handlers[i], 1); }
    }
    if (inf->synced && inf->next_resync && !inf->stop && inf->conn.now >= inf->next_resync) { kinf__hd_resync(inf); }
    inf->conn.in_callback = 0;
}
/* >>handlers engine  the informer's connection: the reflector's steps, the
   handlers' delivery (kinf_engine_dispatch) */
static int kinf__hd_dispatch_n(void* owner) {
    kinf_informer_t* inf = (kinf_informer_t*)owner;
    uint32_t n = inf->flen;
    kinf__hd_dispatch(inf);
    return (int)(n - inf->flen);
}
static const kinf__conn_ops kinf__rf_ops = {
    kinf__rf_advance, kinf__rf_rebuild, kinf__rf_head, kinf__rf_lost, kinf__rf_gate, kinf__rf_deadline, kinf__hd_dispatch_n, kinf__rf_log
};
KINF_API kinf_engine_t* kinf_informer_engine(kinf_informer_t* inf) { return kinf__ok(inf) ? &inf->conn : 0; }
/* >>snapshot  the store to a snapshot and back, through the caller's
   functions (the engine's part), and a file written atomically (the
   driver's). The format, little-endian (docs/snapshot.md):
     "KINFSNAP" u32 version (2), u32 0x01020304 in the writer's byte order,
     u8 sizeof(void*), u8 sizeof(size_t), u16 0, u64 write time (unix ms),
     u64 FNV-1a of the projection rules, u32 objects, u32 0 (reserved),
     u16 length + bytes each: server (host:port), resource path (with the
     namespace), label selector, field selector, last resourceVersion;
     per object: u8 flags, u8 namespace, u16 name, u8 uid, u8 resourceVersion,
     u32 JSON lengths, then those bytes;
     u64 XXH64 (seed 0) of every byte before it, and nothing after. */
#ifndef KINF_NO_SNAPSHOT
#define KINF__SNAP_VERSION 2u
#define KINF__SNAP_HEAD 44u           /* the fixed part of the header */
/* XXH64, seed 0 (xxHash's 64-bit hash; its spec, written anew), streaming:
   32-byte stripes in four lanes, what is short of a stripe kept in mem */
#define KINF__XP1 0x9e3779b185ebca87ull
#define KINF__XP2 0xc2b2ae3d27d4eb4full
#define KINF__XP3 0x165667b19e3779f9ull
#define KINF__XP4 0x85ebca77c2b2ae63ull
#define KINF__XP5 0x27d4eb2f165667c5ull
typedef struct kinf__xxh { uint64_t v[4], total; uint8_t mem[32]; size_t nmem; } kinf__xxh;
static uint64_t kinf__rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static uint64_t kinf__rd64(const uint8_t* p) {
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
           (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}
static uint64_t kinf__xxh_round(uint64_t acc, uint64_t in) { return kinf__rotl64(acc + in * KINF__XP2, 31) * KINF__XP1; }
static void kinf__xxh_init(kinf__xxh* h) {
    h->v[0] = KINF__XP1 + KINF__XP2; h->v[1] = KINF__XP2; h->v[2] = 0; h->v[3] = 0 - KINF__XP1;
    h->total = 0; h->nmem = 0;
}
/* the whole stripes of p..p+n; the bytes left over */
static size_t kinf__xxh_stripes(kinf__xxh* h, const uint8_t* p, size_t n) {
    uint64_t a = h->v[0], b = h->v[1], c = h->v[2], d = h->v[3];
    for (; n >= 32; p += 32, n -= 32) {
        a = kinf__xxh_round(a, kinf__rd64(p)); b = kinf__xxh_round(b, kinf__rd64(p + 8));
        c = kinf__xxh_round(c, kinf__rd64(p + 16)); d = kinf__xxh_round(d, kinf__rd64(p + 24));
    }
    h->v[0] = a; h->v[1] = b; h->v[2] = c; h->v[3] = d;
    return n;
}
static void kinf__xxh_update(kinf__xxh* h, const uint8_t* p, size_t n) {
    size_t k;
    h->total += n;
    if (h->nmem) {
        k = 32 - h->nmem < n ? 32 - h->nmem : n;
        memcpy(h->mem + h->nmem, p, k);
        h->nmem += k; p += k; n -= k;
        if (h->nmem < 32) { return; }
        kinf__xxh_stripes(h, h->mem, 32);
        h->nmem = 0;
    }
    k = kinf__xxh_stripes(h, p, n);
    if (k) { memcpy(h->mem, p + n - k, k); }
    h->nmem = k;
}
static uint64_t kinf__xxh_digest(const kinf__xxh* h) {
    const uint8_t* p = h->mem;
    size_t n = h->nmem;
    uint64_t x;
    int i;
    if (h->total >= 32) {
        x = kinf__rotl64(h->v[0], 1) + kinf__rotl64(h->v[1], 7) + kinf__rotl64(h->v[2], 12) + kinf__rotl64(h->v[3], 18);
        for (i = 0; i < 4; i++) { x = (x ^ kinf__xxh_round(0, h->v[i])) * KINF__XP1 + KINF__XP4; }
    } else {
        x = KINF__XP5;
    }
    x += h->total;
    for (; n >= 8; p += 8, n -= 8) { x = kinf__rotl64(x ^ kinf__xxh_round(0, kinf__rd64(p)), 27) * KINF__XP1 + KINF__XP4; }
    if (n >= 4) {
        x = kinf__rotl64(x ^ ((uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24) * KINF__XP1, 23) * KINF__XP2 + KINF__XP3;
        p += 4; n -= 4;
    }
    for (; n; p++, n--) { x = kinf__rotl64(x ^ *p * KINF__XP5, 11) * KINF__XP1; }
    x ^= x >> 33; x *= KINF__XP2; x ^= x >> 29; x *= KINF__XP3; x ^= x >> 32;
    return x;
}
/* what the kept and dropped paths are, as one number */
static uint64_t kinf__snap_rules_hash(const kinf_informer_t* inf) {
    const kinf__rules* r = &inf->rules;
    uint64_t h = 0xcbf29ce484222325ull;
    int i, k, j;
    for (k = 0; k < 2; k++) {
        const kinf__rule* set = k ? r->drop : r->keep;
        int n = k ? r->ndrop : r->nkeep;
        h = kinf__fnv64(h, k ? "D" : "K", 1);
        for (i = 0; i < n; i++) {
            uint8_t ns = set[i].nseg;
            h = kinf__fnv64(h, &ns, 1);
            for (j = 0; j < set[i].nseg; j++) { h = kinf__fnv64(h, r->buf + set[i].off[j], set[i].len[j]); h = kinf__fnv64(h, "", 1); }
        }
    }
    return h;
}
static void kinf__le_put(uint8_t* p, uint64_t v, int n) { int i; for (i = 0; i < n; i++) { p[i] = (uint8_t)(v >> (8 * i)); } }
static uint64_t kinf__le_get(const uint8_t* p, int n) { uint64_t v = 0; int i; for (i = n - 1; i >= 0; i--) { v = (v << 8) | p[i]; } return v; }
/* the fixed header of this informer, as written (count and time apart) */
static void kinf__snap_head(const kinf_informer_t* inf, uint8_t* h, uint64_t unix_ms, uint32_t count) {
    uint32_t bom = 0x01020304u;
    memcpy(h, "KINFSNAP", 8);
    kinf__le_put(h + 8, KINF__SNAP_VERSION, 4);
    memcpy(h + 12, &bom, 4);
    h[16] = (uint8_t)sizeof(void*); h[17] = (uint8_t)sizeof(size_t); h[18] = h[19] = 0;
    kinf__le_put(h + 20, unix_ms, 8);
    kinf__le_put(h + 28, kinf__snap_rules_hash(inf), 8);
    kinf__le_put(h + 36, count, 4);
    memset(h + 40, 0, 4);
}
/* the header's strings: what the informer was made for, then its RV */
static const char* kinf__snap_str(const kinf_informer_t* inf, int i) {
    return i == 0 ? inf->conn.hosthdr : i == 1 ? inf->path : i == 2 ? inf->lsel : i == 3 ? inf->fsel : inf->last_rv;
}
static const char* const kinf__snap_str_name[5] = { "server ", "resource ", "label selector ", "field selector ", "resourceVersion " };

/* The writer: pieces gathered in a buffer on the stack, the hash over all. */
typedef struct kinf__snap_w {
    kinf_snapshot_write_fn fn;
    void* user;
    kinf__xxh h;
    size_t n, total;
    int err;
    uint64_t sum;                 /* the image's checksum, once written */
    uint8_t buf[2048];
} kinf__snap_w;
static void kinf__snap_flush(kinf__snap_w* w) {
    if (w->n && !w->err && w->fn(w->buf, w->n, w->user) != 0) { w->err = 1; }
    w->n = 0;
}
static void kinf__snap_put(kinf__snap_w* w, const void* p, size_t n) {
    kinf__xxh_update(&w->h, (const uint8_t*)p, n);
    w->total += n;
    if (n > sizeof(w->buf) - w->n) {
        kinf__snap_flush(w);
        if (n > sizeof(w->buf)) { if (!w->err && w->fn(p, n, w->user) != 0) { w->err = 1; } return; }
    }
    memcpy(w->buf + w->n, p, n);
    w->n += n;
}
/* the object record of slot s: flags, lengths, then the bytes */
static void kinf__snap_put_obj(kinf_informer_t* inf, kinf__snap_w* w, int32_t s) {
    kinf_object_t o;
    uint8_t r[10];
    size_t nl, ul, rl, nsl;
    kinf__store_view(inf, inf->slots[s].cur, s, &o);
    nsl = strlen(o.namespace_); nl = strlen(o.name); ul = strlen(o.uid); rl = strlen(o.resource_version);
    r[0] = (uint8_t)(o.flags & KINF_OBJ_IDENTITY_ONLY);
    r[1] = (uint8_t)nsl; kinf__le_put(r + 2, nl, 2); r[4] = (uint8_t)ul; r[5] = (uint8_t)rl;
    kinf__le_put(r + 6, o.json_len, 4);
    kinf__snap_put(w, r, sizeof(r));
    kinf__snap_put(w, o.namespace_, nsl); kinf__snap_put(w, o.name, nl);
    kinf__snap_put(w, o.uid, ul); kinf__snap_put(w, o.resource_version, rl);
    kinf__snap_put(w, o.json, o.json_len);
}
static int kinf__snap_emit(kinf_informer_t* inf, uint64_t unix_ms, kinf__snap_w* w) {
    uint8_t h[KINF__SNAP_HEAD];
    int32_t s;
    int i;
    kinf__snap_head(inf, h, unix_ms, (uint32_t)inf->nlive);
    kinf__snap_put(w, h, sizeof(h));
    for (i = 0; i < 5; i++) {
        const char* str = kinf__snap_str(inf, i);
        size_t l = strlen(str);
        uint8_t b[2];
        kinf__le_put(b, l, 2);
        kinf__snap_put(w, b, 2);
        kinf__snap_put(w, str, l);
    }
    for (s = 0; s < inf->slot_hi && !w->err; s++) {
        if (kinf__store_visible(inf, s)) { kinf__snap_put_obj(inf, w, s); }
    }
    {
        uint8_t c[8];
        w->sum = kinf__xxh_digest(&w->h);
        kinf__le_put(c, w->sum, 8);
        kinf__snap_put(w, c, 8);
    }
    kinf__snap_flush(w);
    return w->err ? -1 : 0;
}

/* The reader: the caller's bytes through rbuf (free before the start), or
   the caller's memory itself (fn NULL, b the snapshot, end its length). */
typedef struct kinf__snap_r {
    kinf_informer_t* inf;
    kinf_snapshot_read_fn fn;
    void* user;
    const uint8_t* b;
    kinf__xxh h;
    size_t pos, end;
    int io;                       /* fn failed */
    int unhashed;                 /* a journal record, its checksum already checked: not hashed again */
    size_t drop;                  /* bytes rbuf has moved off its front: pos + drop counts from the start */
    uint64_t sum;                 /* the image's checksum, once read */
} kinf__snap_r;
/* The next n bytes where they are: in the caller's memory, or in rbuf, read
   on behind the ones there (n at most rcap) with no copy but of that rest;
   0 as kinf__snap_get. */
static const uint8_t* kinf__snap_span(kinf__snap_r* r, size_t n) {
    uint8_t* b = r->inf->conn.rbuf;
    const uint8_t* p;
    if (r->end - r->pos < n) {
        if (!r->fn) { return 0; }
        memmove(b, r->b + r->pos, r->end - r->pos);   /* r->b is rbuf, or the event buffer with a journal record's head */
        r->b = b;
        r->end -= r->pos; r->drop += r->pos; r->pos = 0;
        while (r->end < n) {
            long got = r->fn(b + r->end, r->inf->conn.rcap - r->end, r->user);
            if (got < 0) { r->io = 1; return 0; }
            if (got == 0) { return 0; }
            r->end += (size_t)got > r->inf->conn.rcap - r->end ? r->inf->conn.rcap - r->end : (size_t)got;
        }
    }
    p = r->b + r->pos;
    if (!r->unhashed) { kinf__xxh_update(&r->h, p, n); }
    r->pos += n;
    return p;
}
/* n bytes to dst, through rbuf a piece at a time: 1, or 0 at the end of the
   bytes (truncated) or an error. */
static int kinf__snap_get(kinf__snap_r* r, void* dst, size_t n) {
    uint8_t* d = (uint8_t*)dst;
    while (n) {
        size_t k = r->fn && n > r->inf->conn.rcap ? r->inf->conn.rcap : n;
        const uint8_t* p = kinf__snap_span(r, k);
        if (!p) { return 0; }
        memmove(d, p, k);         /* into the event buffer from the event buffer (a journal record's head), lower */
        d += k; n -= k;
    }
    return 1;
}
/* Empties the store the load filled (it was empty before). */
static void kinf__snap_clear(kinf_informer_t* inf) {
    int32_t s;
    inf->fh = inf->ft = -1; inf->flen = 0;
    for (s = 0; s < inf->slot_hi; s++) {
        if (inf->slots[s].flags & KINF__F_LIVE) { inf->slots[s].flags &= (uint8_t)~KINF__F_PENDING; kinf__slot_free(inf, s); }
    }
    inf->nlive = 0;
    kinf__arena_reset(inf);
    inf->last_rv[0] = 0;
}
/* a string of the snapshot: no NUL, shorter than cap */
static int kinf__snap_text(const char* s, size_t n) { return memchr(s, 0, n) == 0; }
/* One object record into the store: a new key, or (replace, a journal's
   upsert) a key that may be there already; the item that refuses it, or 0. */
static uint32_t kinf__snap_obj(kinf_informer_t* inf, kinf__snap_r* r, int replace, char* det, size_t dcap) {
    uint8_t rec[10];
    char ns[KINF__MAX_NAME], name[KINF__MAX_NAME], uid[KINF__MAX_UID], rv[KINF__MAX_RV], key[KINF__MAX_KEY];
    const uint8_t* js;
    size_t nsl, nl, ul, rl, jl, kl;
    uint64_t dropped = inf->st.dropped;
    uint32_t ref, hh;
    int32_t s;
    if (!kinf__snap_get(r, rec, sizeof(rec))) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    nsl = rec[1]; nl = (size_t)kinf__le_get(rec + 2, 2); ul = rec[4]; rl = rec[5]; jl = (size_t)kinf__le_get(rec + 6, 4);
    if ((rec[0] & ~(unsigned)KINF_OBJ_IDENTITY_ONLY) || !nl || nl >= sizeof(name) || ul >= sizeof(uid) || !rl || rl >= sizeof(rv)) {
        kinf__strlcpy(det, "object record", dcap);
        return KINF_LOGITEM_SNAPSHOT_CORRUPT;
    }
    if (jl >= inf->max_event_bytes) { kinf__strlcpy(det, "an object larger than max_event_bytes", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    if (!kinf__snap_get(r, ns, nsl) || !kinf__snap_get(r, name, nl) || !kinf__snap_get(r, uid, ul) ||
        !kinf__snap_get(r, rv, rl)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    /* the JSON where it was read when it fits the read buffer (no copy) */
    js = jl <= inf->conn.rcap || !r->fn || r->end - r->pos >= jl ? kinf__snap_span(r, jl) : kinf__snap_get(r, inf->ev, jl) ? inf->ev : 0;
    if (!js) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    if (!kinf__snap_text(ns, nsl) || !kinf__snap_text(name, nl) || !kinf__snap_text(uid, ul) || !kinf__snap_text(rv, rl) ||
        memchr(ns, '/', nsl) || memchr(name, '/', nl) || jl < 2 || js[0] != '{' || js[jl - 1] != '}' ||
        memchr(js, 0, jl)) {
        kinf__strlcpy(det, "object", dcap);
        return KINF_LOGITEM_SNAPSHOT_CORRUPT;
    }
    ns[nsl] = 0; name[nl] = 0; uid[ul] = 0; rv[rl] = 0;
    kl = kinf__key_put(key, ns, nsl, name, nl);
    key[kl] = 0;
    hh = kinf__fnv(key, kl);
    s = kinf__hash_find(inf, key, kl, hh);
    if (s >= 0 && !replace) { kinf__strlcpy(det, "a key twice", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    ref = kinf__blk_make(inf, ns, name, uid, rv, js, jl, (uint32_t)rec[0] | KINF_OBJ_FROM_SNAPSHOT);
    if (!ref) { kinf__strlcpy(det, "store_bytes", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    kinf__store_upsert(inf, s, ref, hh);
    if (inf->st.dropped != dropped) { kinf__strlcpy(det, "objects", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    return 0;
}
/* Reads the whole snapshot into the store; the item that refuses it, or 0. */
static uint32_t kinf__snap_read(kinf_informer_t* inf, kinf__snap_r* r, char* det, size_t dcap) {
    uint8_t h[KINF__SNAP_HEAD], mine[KINF__SNAP_HEAD];
    char str[KINF__MAX_STR];
    uint32_t count, i;
    uint64_t sum;
    int k;
    det[0] = 0;
    if (!kinf__snap_get(r, h, sizeof(h))) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    kinf__snap_head(inf, mine, 0, 0);
    if (memcmp(h, mine, 8)) { kinf__strlcpy(det, "not a snapshot", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    if (memcmp(h + 8, mine + 8, 4)) { kinf__strlcpy(det, "format version", dcap); return KINF_LOGITEM_SNAPSHOT_FOREIGN; }
    if (memcmp(h + 12, mine + 12, 8)) { kinf__strlcpy(det, "byte order or word size", dcap); return KINF_LOGITEM_SNAPSHOT_FOREIGN; }
    if (memcmp(h + 28, mine + 28, 8)) { kinf__strlcpy(det, "projection (keep/drop paths)", dcap); return KINF_LOGITEM_SNAPSHOT_FOREIGN; }
    if (memcmp(h + 40, mine + 40, 4)) { kinf__strlcpy(det, "reserved bytes", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    count = (uint32_t)kinf__le_get(h + 36, 4);
    for (k = 0; k < 5; k++) {
        uint8_t b[2];
        size_t l;
        if (!kinf__snap_get(r, b, 2)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
        l = (size_t)kinf__le_get(b, 2);
        if (l >= (k == 4 ? (size_t)KINF__MAX_RV : sizeof(str))) { kinf__strlcpy(det, kinf__snap_str_name[k], dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        if (!kinf__snap_get(r, str, l)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
        str[l] = 0;
        if (k < 4 && (strlen(kinf__snap_str(inf, k)) != l || memcmp(str, kinf__snap_str(inf, k), l))) {
            kinf__strlcpy(det, kinf__snap_str_name[k], dcap);
            kinf__log_put(det, dcap, strlen(det), str, 1);
            return KINF_LOGITEM_SNAPSHOT_FOREIGN;
        }
        if (k == 4) {
            if (!l || !kinf__snap_text(str, l)) { kinf__strlcpy(det, "resourceVersion", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
            memcpy(inf->last_rv, str, l + 1);
        }
    }
    if (count > (uint32_t)inf->max_objects) { kinf__strlcpy(det, "objects", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    for (i = 0; i < count; i++) {
        uint32_t item = kinf__snap_obj(inf, r, 0, det, dcap);
        if (item) { return item; }
        if (inf->nlive != (int)i + 1) { kinf__strlcpy(det, "objects", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    }
    sum = kinf__xxh_digest(&r->h);
    {
        uint8_t c[8], extra;
        if (!kinf__snap_get(r, c, 8)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
        if (kinf__le_get(c, 8) != sum) { kinf__strlcpy(det, "checksum", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        r->sum = sum;
        if (kinf__snap_get(r, &extra, 1)) { kinf__strlcpy(det, "bytes after the end", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        if (r->io) { return KINF_LOGITEM_SNAPSHOT_UNREADABLE; }
    }
    inf->snap_time = kinf__le_get(h + 20, 8);
    return 0;
}

static int kinf__snap_count(const void* data, size_t len, void* user) { (void)data; (void)len; (void)user; return 0; }
/* The snapshot through fn: 0, or -1 when fn gave up (nothing logged). */
static int kinf__snap_stream(kinf_informer_t* inf, uint64_t unix_ms, kinf_snapshot_write_fn fn, void* user) {
    kinf__snap_w w;
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = fn; w.user = user;
    kinf__xxh_init(&w.h);
    return kinf__snap_emit(inf, unix_ms, &w);
}
/* The file has every change now: the store is clean. */
static void kinf__snap_written_now(kinf_informer_t* inf) {
    inf->snap_dirty = 0;
    inf->snap_written = 1;
    inf->snap_write_at = inf->conn.now;
}
/* A whole image is written (or loaded): no slot is dirty, the tombstones
   go, and the visible keys are SAVED when a journal is to follow it
   (saved 1, the file's image); the caller's own write has none (0). */
static void kinf__snap_clean(kinf_informer_t* inf, int saved) {
    int32_t s;
    for (s = 0; s < inf->slot_hi; s++) {
        if (inf->slots[s].ixflags & KINF__J_TOMB) { kinf__tomb_free(inf, s); continue; }
        kinf__base_release(inf, s);
        kinf__slot_j(&inf->slots[s], saved && kinf__store_visible(inf, s) ? KINF__J_SAVED : 0);
    }
    inf->snap_need_image = 0;
    inf->snap_jbase_ok = (uint8_t)saved;
    kinf__snap_written_now(inf);
}

/* >>snapshot journal  the changes since the image, appended to path.journal:
     header (32 bytes): "KINFJRNL", u32 version (1), u32 0x01020304 in the
     writer's byte order, u64 the XXH64 trailer of the image it follows,
     u64 XXH64 of the 24 bytes before it;
     a record per append: u32 payload length, the payload, u64 XXH64 of the
     length and the payload; the payload: u64 write time (unix ms), u16 +
     bytes the last resourceVersion, u32 changes, then each change: 'D', u8
     namespace length, u16 name length, the two; or 'U' and an object record
     as in the image; or 'E', an edit of the version the file holds: u8
     flags (KINF__JE_SAME_UID: the uid is that version's, and not written),
     u8 namespace, u16 name, u8 uid, u8 resourceVersion lengths, u32 the new
     JSON's length, u32 the script's, those bytes, then the script: ops, each
     a LEB128 of n << 2 | op: copy n bytes of the old JSON, skip n of them,
     or insert the n bytes that follow. Deletes come first: a key deleted
     and made again between two appends ends made. Only the file helpers
     use it. */
#ifndef KINF_ENGINE_ONLY
#define KINF__JRNL_VERSION 2u
#define KINF__JRNL_HEAD 32u
/* An image instead of an append when the journal's weight would pass
   KINF__JRNL_PCT % of the image's bytes. Its weight is what its replay
   costs at a warm start, in bytes of an image loaded in the same time: its
   bytes, and KINF__JRNL_KEY for each change (a key looked up, and its block
   edited in place or freed). */
#ifndef KINF__JRNL_PCT
#define KINF__JRNL_PCT 15u
#endif
#ifndef KINF__JRNL_KEY
#define KINF__JRNL_KEY 128u
#endif
static uint64_t kinf__jrnl_weight(uint64_t bytes, uint64_t changes) { return bytes + changes * KINF__JRNL_KEY; }
enum { KINF__JOP_DEL = 'D', KINF__JOP_UPS = 'U', KINF__JOP_EDIT = 'E' };

/* >>snapshot journal edits  A changed object as an edit of the version the
   file holds (its base): the copies that make the new JSON of the old one,
   ascending in both, at most KINF__JE_MAXCOPY. Found in bounded time and
   memory: the common prefix and suffix, then, in the middle, at each place
   of the new JSON, a run of KINF__JE_MIN bytes of the old one at the place
   a substitution or an insertion would leave it, or where a small table of
   the old middle's runs (the first place of each hash) says, extended both
   ways; a run before the last copy's end is not taken (the copies stay in
   order, which lets the load apply an edit in place). */
#define KINF__JE_MAXCOPY 32u
#define KINF__JE_MIN 8u
#define KINF__JE_TAB 1024u
enum { KINF__JE_COPY = 0, KINF__JE_SKIP = 1, KINF__JE_INS = 2 };
enum { KINF__JE_SAME_UID = 0x80 };    /* an edit's flags: the uid is the base's */
typedef struct kinf__jedit {
    uint32_t n, o[KINF__JE_MAXCOPY], d[KINF__JE_MAXCOPY], len[KINF__JE_MAXCOPY];    /* copies: old, new, length */
    uint32_t ni, io[KINF__JE_MAXCOPY + 1u], id[KINF__JE_MAXCOPY + 1u], ilen[KINF__JE_MAXCOPY + 1u]; /* inserts, at load */
} kinf__jedit;
static uint32_t kinf__je_hash(const uint8_t* p) {
    uint64_t x;
    memcpy(&x, p, 8);
    return (uint32_t)((x * KINF__XP1) >> 54);        /* 10 bits: KINF__JE_TAB */
}
static void kinf__je_add(kinf__jedit* e, size_t o, size_t d, size_t len) {
    e->o[e->n] = (uint32_t)o; e->d[e->n] = (uint32_t)d; e->len[e->n] = (uint32_t)len;
    e->n++;
}
/* the copies that make b (bl bytes) of a (al bytes) */
static void kinf__je_diff(const uint8_t* a, size_t al, const uint8_t* b, size_t bl, kinf__jedit* e) {
    uint32_t tab[KINF__JE_TAB];
    size_t p = 0, sfx = 0, ae, be, oc, j, lit, i;
    e->n = 0;
    while (p < al && p < bl && a[p] == b[p]) { p++; }
    while (sfx < al - p && sfx < bl - p && a[al - 1u - sfx] == b[bl - 1u - sfx]) { sfx++; }
    if (p) { kinf__je_add(e, 0, 0, p); }
    ae = al - sfx; be = bl - sfx;
    if (ae - p >= KINF__JE_MIN && be - p >= KINF__JE_MIN) {
        memset(tab, 0, sizeof(tab));
        for (i = ae - KINF__JE_MIN + 1u; i > p; i--) { tab[kinf__je_hash(a + i - 1u)] = (uint32_t)i; } /* place + 1, the first wins */
        oc = j = lit = p;
        while (be - j >= KINF__JE_MIN && e->n < KINF__JE_MAXCOPY - 1u) {
            size_t c[3], at = 0, len;
            int k, found = 0;
            c[0] = oc + (j - lit); c[1] = oc; c[2] = tab[kinf__je_hash(b + j)];
            c[2] = c[2] ? c[2] - 1u : 0;
            for (k = 0; k < 3 && !found; k++) {
                at = c[k];
                found = at >= oc && at <= ae && ae - at >= KINF__JE_MIN && !memcmp(a + at, b + j, KINF__JE_MIN);
            }
            if (!found) { j++; continue; }
            while (at > oc && j > lit && a[at - 1u] == b[j - 1u]) { at--; j--; }
            for (len = 0; at + len < ae && j + len < be && a[at + len] == b[j + len]; len++) {}
            kinf__je_add(e, at, j, len);
            oc = at + len; j += len; lit = j;
        }
    }
    if (sfx) { kinf__je_add(e, ae, be, sfx); }
}
static size_t kinf__je_varint(uint8_t* p, uint64_t v) {
    size_t n = 0;
    while (v >= 0x80u) { p[n++] = (uint8_t)(v | 0x80u); v >>= 7; }
    p[n++] = (uint8_t)v;
    return n;
}
/* The script of edit e (b, the new JSON of bl bytes, of al old ones) through
   w, or only its length when w is 0: skip, insert, copy for each copy, and
   a skip and an insert for what is after the last. */
static size_t kinf__je_script(const kinf__jedit* e, const uint8_t* b, size_t al, size_t bl, kinf__snap_w* w) {
    size_t oc = 0, dc = 0, total = 0;
    uint32_t k;
    for (k = 0; k <= e->n; k++) {
        size_t o = k < e->n ? e->o[k] : al, d = k < e->n ? e->d[k] : bl, len = k < e->n ? e->len[k] : 0;
        uint8_t v[3][10];
        size_t n[3];
        n[0] = o > oc ? kinf__je_varint(v[0], (uint64_t)(o - oc) << 2 | KINF__JE_SKIP) : 0;
        n[1] = d > dc ? kinf__je_varint(v[1], (uint64_t)(d - dc) << 2 | KINF__JE_INS) : 0;
        n[2] = len ? kinf__je_varint(v[2], (uint64_t)len << 2 | KINF__JE_COPY) : 0;
        total += n[0] + n[1] + (d - dc) + n[2];
        if (w) {
            kinf__snap_put(w, v[0], n[0]);
            kinf__snap_put(w, v[1], n[1]); kinf__snap_put(w, b + dc, d - dc);
            kinf__snap_put(w, v[2], n[2]);
        }
        oc = o + len; dc = d + len;
    }
    return total;
}
/* Slot s's change as an edit of base (its block) through w: 1, or 0 when
   the object whole is no longer (nothing written then). */
static int kinf__je_put(kinf_informer_t* inf, kinf__snap_w* w, int32_t s, uint32_t base) {
    kinf_object_t o, bo;
    kinf__jedit e;
    uint8_t r[16];
    size_t nsl, nl, ul, rl, sl;
    int same;
    kinf__store_view(inf, inf->slots[s].cur, s, &o);
    kinf__store_view(inf, base, s, &bo);
    kinf__je_diff((const uint8_t*)bo.json, bo.json_len, (const uint8_t*)o.json, o.json_len, &e);
    sl = kinf__je_script(&e, (const uint8_t*)o.json, bo.json_len, o.json_len, 0);
    nsl = strlen(o.namespace_); nl = strlen(o.name); ul = strlen(o.uid); rl = strlen(o.resource_version);
    same = !strcmp(o.uid, bo.uid);
    if (15u + (same ? 0u : ul) + sl >= 10u + ul + o.json_len || sl > 0xffffffffu) { return 0; }
    r[0] = KINF__JOP_EDIT;
    r[1] = (uint8_t)((o.flags & KINF_OBJ_IDENTITY_ONLY) | (same ? KINF__JE_SAME_UID : 0));
    r[2] = (uint8_t)nsl; kinf__le_put(r + 3, nl, 2); r[5] = (uint8_t)(same ? 0 : ul); r[6] = (uint8_t)rl;
    kinf__le_put(r + 7, o.json_len, 4); kinf__le_put(r + 11, sl, 4);
    kinf__snap_put(w, r, 15);
    kinf__snap_put(w, o.namespace_, nsl); kinf__snap_put(w, o.name, nl);
    if (!same) { kinf__snap_put(w, o.uid, ul); }
    kinf__snap_put(w, o.resource_version, rl);
    kinf__je_script(&e, (const uint8_t*)o.json, bo.json_len, o.json_len, w);
    return 1;
}
/* what slot s gives the next record: a delete, an upsert or nothing */
static int kinf__jrnl_op(const kinf_informer_t* inf, int32_t s) {
    const kinf__slot* sl = &inf->slots[s];
    if (sl->ixflags & KINF__J_TOMB) { return KINF__JOP_DEL; }
    if (!(sl->ixflags & KINF__J_DIRTY) || !(sl->flags & KINF__F_LIVE)) { return 0; }
    if (sl->flags & KINF__F_DELETED) { return (sl->ixflags & KINF__J_SAVED) ? KINF__JOP_DEL : 0; }
    return KINF__JOP_UPS;
}
/* the changes, deletes first; how many */
static uint32_t kinf__jrnl_ops(kinf_informer_t* inf, kinf__snap_w* w) {
    uint32_t n = 0;
    int32_t s;
    int pass;
    for (pass = 0; pass < 2; pass++) {
        for (s = 0; s < inf->slot_hi && !w->err; s++) {
            int op = kinf__jrnl_op(inf, s);
            uint8_t b[4];
            if (op != (pass ? KINF__JOP_UPS : KINF__JOP_DEL)) { continue; }
            b[0] = (uint8_t)op;
            if (op == KINF__JOP_UPS) {
                /* an edit of the file's version when it is kept and the edit is shorter */
                const kinf__slot* sl = &inf->slots[s];
                uint32_t base = !(sl->ixflags & KINF__J_SAVED) ? 0u : sl->base ? sl->base : (sl->ixflags & KINF__J_OLDBASE) ? sl->old : 0u;
                if (!base || !kinf__je_put(inf, w, s, base)) {
                    kinf__snap_put(w, b, 1);
                    kinf__snap_put_obj(inf, w, s);
                }
            } else {
                kinf_object_t o;
                size_t nsl, nl;
                kinf__store_view(inf, inf->slots[s].cur, s, &o);
                nsl = strlen(o.namespace_); nl = strlen(o.name);
                b[1] = (uint8_t)nsl; kinf__le_put(b + 2, nl, 2);
                kinf__snap_put(w, b, 4);
                kinf__snap_put(w, o.namespace_, nsl); kinf__snap_put(w, o.name, nl);
            }
            n++;
        }
    }
    return n;
}
/* The length of the record's payload; n, its changes. */
static uint64_t kinf__jrnl_len(kinf_informer_t* inf, uint32_t* n) {
    kinf__snap_w c;
    memset(&c, 0, offsetof(kinf__snap_w, buf));
    c.fn = kinf__snap_count;
    *n = kinf__jrnl_ops(inf, &c);
    return 8u + 2u + strlen(inf->last_rv) + 4u + c.total;
}
/* The record of the changes (n of them, a payload of len bytes, as
   kinf__jrnl_len counted) through w (fresh): 0, or -1 when fn gave up. */
static int kinf__jrnl_record(kinf_informer_t* inf, uint64_t unix_ms, uint64_t len, uint32_t n, kinf__snap_w* w) {
    uint8_t b[14];
    size_t rl = strlen(inf->last_rv);
    kinf__le_put(b, len, 4); kinf__le_put(b + 4, unix_ms, 8); kinf__le_put(b + 12, rl, 2);
    kinf__snap_put(w, b, 14);
    kinf__snap_put(w, inf->last_rv, rl);
    kinf__le_put(b, n, 4);
    kinf__snap_put(w, b, 4);
    kinf__jrnl_ops(inf, w);
    kinf__le_put(b, kinf__xxh_digest(&w->h), 8);
    kinf__snap_put(w, b, 8);
    kinf__snap_flush(w);
    return w->err ? -1 : 0;
}
/* The record is in the file: its keys are SAVED, its deletes done. */
static void kinf__jrnl_commit(kinf_informer_t* inf) {
    int32_t s;
    for (s = 0; s < inf->slot_hi; s++) {
        kinf__slot* sl = &inf->slots[s];
        if (sl->ixflags & KINF__J_TOMB) { kinf__tomb_free(inf, s); }
        else if (sl->ixflags & KINF__J_DIRTY) { kinf__base_release(inf, s); kinf__slot_j(sl, kinf__store_visible(inf, s) ? KINF__J_SAVED : 0); }
    }
    kinf__snap_written_now(inf);
}
/* The header of the journal that follows the image of checksum sum. */
static void kinf__jrnl_head(uint8_t* h, uint64_t sum) {
    uint32_t bom = 0x01020304u;
    kinf__xxh x;
    memcpy(h, "KINFJRNL", 8);
    kinf__le_put(h + 8, KINF__JRNL_VERSION, 4);
    memcpy(h + 12, &bom, 4);
    kinf__le_put(h + 16, sum, 8);
    kinf__xxh_init(&x);
    kinf__xxh_update(&x, h, 24);
    kinf__le_put(h + 24, kinf__xxh_digest(&x), 8);
}
/* A journal's delete at load: the key goes from the store and the FIFO
   (unlinked while the journal is replayed). */
static void kinf__jrnl_unqueue(kinf_informer_t* inf, int32_t s) {
    inf->slots[s].flags &= (uint8_t)~KINF__F_PENDING;
    inf->nlive--;
    kinf__slot_free(inf, s);
}
/* An edit's script (sc, sl bytes) read into e: its copies, and its inserts
   (where they go in the new JSON, where their bytes are in sc); 1 when it
   makes bl bytes of al old ones exactly, its inserts hold no NUL and it
   has no more copies and inserts than a writer makes, 0 when it is
   malformed. */
static int kinf__je_parse(const uint8_t* sc, size_t sl, size_t al, size_t bl, kinf__jedit* e) {
    size_t i = 0, oc = 0, dc = 0;
    e->n = e->ni = 0;
    while (i < sl) {
        uint64_t v = 0, n;
        int sh = 0;
        do {
            if (i >= sl || sh > 28) { return 0; }
            v |= (uint64_t)(sc[i] & 0x7fu) << sh;
            sh += 7;
        } while (sc[i++] & 0x80u);
        n = v >> 2;
        if ((v & 3u) == KINF__JE_COPY) {
            if (!n || n > al - oc || n > bl - dc || e->n == KINF__JE_MAXCOPY) { return 0; }
            kinf__je_add(e, oc, dc, (size_t)n);
            oc += (size_t)n; dc += (size_t)n;
        } else if ((v & 3u) == KINF__JE_SKIP) {
            if (n > al - oc) { return 0; }
            oc += (size_t)n;
        } else if ((v & 3u) == KINF__JE_INS) {
            if (n > bl - dc || n > sl - i || e->ni == KINF__JE_MAXCOPY + 1u || memchr(sc + i, 0, (size_t)n)) { return 0; }
            e->io[e->ni] = (uint32_t)i; e->id[e->ni] = (uint32_t)dc; e->ilen[e->ni] = (uint32_t)n;
            e->ni++;
            i += (size_t)n; dc += (size_t)n;
        } else {
            return 0;
        }
    }
    return oc == al && dc == bl;
}
/* The copies of e within one block, the old JSON at oj and the new at nj:
   those that move bytes down in order, then those that move them up in
   reverse order, so that no copy overwrites bytes a later one reads (the
   copies ascend in the old JSON and in the new); then the inserts. */
static void kinf__je_apply(uint8_t* blk, size_t oj, size_t nj, const kinf__jedit* e, const uint8_t* sc) {
    uint32_t k;
    for (k = 0; k < e->n; k++) {
        size_t src = oj + e->o[k], dst = nj + e->d[k];
        if (dst < src) { memmove(blk + dst, blk + src, e->len[k]); }
    }
    for (k = e->n; k-- > 0;) {
        size_t src = oj + e->o[k], dst = nj + e->d[k];
        if (dst > src) { memmove(blk + dst, blk + src, e->len[k]); }
    }
    for (k = 0; k < e->ni; k++) { memcpy(blk + nj + e->id[k], sc + e->io[k], e->ilen[k]); }
}
/* A journal's edit into the store: the key's version there (the one the
   file held when the edit was written) made the new one, in its own block
   when the new one fits it (the common case: a few bytes changed), or in a
   new block; the item that refuses it, or 0. */
static uint32_t kinf__jrnl_edit(kinf_informer_t* inf, kinf__snap_r* r, uint32_t hh, char* det, size_t dcap) {
    uint8_t rec[14];
    char idb[2 * KINF__MAX_NAME + KINF__MAX_UID + KINF__MAX_RV], key[KINF__MAX_KEY], uid[KINF__MAX_UID], rv[KINF__MAX_RV];
    const char *ns, *name;
    const uint8_t* sc;
    size_t nsl, nl, ul, rl, jl, sl, kl, oj, nj, need, al;
    unsigned flags;
    int32_t s;
    kinf__blk* b;
    kinf__jedit e;
    if (!kinf__snap_get(r, rec, sizeof(rec))) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    flags = rec[0]; nsl = rec[1]; nl = (size_t)kinf__le_get(rec + 2, 2); ul = rec[4]; rl = rec[5];
    jl = (size_t)kinf__le_get(rec + 6, 4); sl = (size_t)kinf__le_get(rec + 10, 4);
    if ((flags & ~(unsigned)(KINF_OBJ_IDENTITY_ONLY | KINF__JE_SAME_UID)) || ((flags & KINF__JE_SAME_UID) && ul) || !nl ||
        nl >= KINF__MAX_NAME || ul >= KINF__MAX_UID || !rl || rl >= KINF__MAX_RV || sl > inf->max_event_bytes) {
        kinf__strlcpy(det, "journal: edit", dcap);
        return KINF_LOGITEM_SNAPSHOT_CORRUPT;
    }
    if (jl >= inf->max_event_bytes) { kinf__strlcpy(det, "an object larger than max_event_bytes", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    /* namespace, name, uid and resourceVersion in one piece, then the script */
    if (!kinf__snap_get(r, idb, nsl + nl + ul + rl)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    sc = sl <= inf->conn.rcap || !r->fn || r->end - r->pos >= sl ? kinf__snap_span(r, sl) : kinf__snap_get(r, inf->ev, sl) ? inf->ev : 0;
    if (!sc) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    ns = idb; name = idb + nsl;
    if (memchr(idb, 0, nsl + nl + ul + rl) || memchr(idb, '/', nsl + nl)) { kinf__strlcpy(det, "journal: edit", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    kl = kinf__key_put(key, ns, nsl, name, nl);
    if (!hh) { hh = kinf__fnv(key, kl); }
    s = kinf__hash_find(inf, key, kl, hh);
    if (s < 0 || !kinf__store_visible(inf, s)) { kinf__strlcpy(det, "journal: an edit of a key it does not hold", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    b = kinf__blk_at(inf, inf->slots[s].cur);
    oj = kinf__blk_head(b->klen, b->nslen, b->uidlen, b->rvlen);
    al = b->size - b->tail - 1u - oj;
    if (!kinf__je_parse(sc, sl, al, jl, &e)) { kinf__strlcpy(det, "journal: edit script", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    if (flags & KINF__JE_SAME_UID) { ul = b->uidlen; memcpy(uid, (const char*)(b + 1) + b->klen + 1u + b->nslen + 1u, ul); }
    else { memcpy(uid, idb + nsl + nl, ul); }
    memcpy(rv, idb + nsl + nl + (flags & KINF__JE_SAME_UID ? 0u : ul), rl);
    uid[ul] = 0; rv[rl] = 0;
    nj = kinf__blk_head(b->klen, b->nslen, ul, rl);
    need = nj + jl + 1u;
    if (need <= b->size) {
        /* in place: the copies and inserts, then the identity (whose bytes
           the copies may read), and what the block no longer needs freed;
           the namespace index stays (the key is the same) */
        uint8_t* p = (uint8_t*)b;
        size_t at = sizeof(kinf__blk) + b->klen + 1u + b->nslen + 1u;
        kinf__index_remove(inf, s, 1);
        kinf__je_apply(p, oj, nj, &e, sc);
        memcpy(p + at, uid, ul + 1u); at += ul + 1u;
        memcpy(p + at, rv, rl + 1u);
        p[nj + jl] = 0;
        b->uidlen = (uint8_t)ul; b->rvlen = (uint8_t)rl; b->flags = (uint8_t)((flags & KINF_OBJ_IDENTITY_ONLY) | KINF_OBJ_FROM_SNAPSHOT);
        kinf__arena_shrink(inf, inf->slots[s].cur, need);
        kinf__index_add(inf, s, 1);
    } else {
        /* a new block: the new JSON made of the old one there, which the
           allocation may have moved */
        char nsb[KINF__MAX_NAME], nameb[KINF__MAX_NAME];
        uint32_t ref, k;
        uint8_t *ob, *nb;
        memcpy(nsb, ns, nsl); nsb[nsl] = 0; memcpy(nameb, name, nl); nameb[nl] = 0;
        ref = kinf__blk_make(inf, nsb, nameb, uid, rv, 0, jl, (flags & KINF_OBJ_IDENTITY_ONLY) | KINF_OBJ_FROM_SNAPSHOT);
        if (!ref) { kinf__strlcpy(det, "store_bytes", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
        ob = (uint8_t*)kinf__blk_at(inf, inf->slots[s].cur);
        nb = (uint8_t*)kinf__blk_at(inf, ref);
        for (k = 0; k < e.n; k++) { memcpy(nb + nj + e.d[k], ob + oj + e.o[k], e.len[k]); }
        for (k = 0; k < e.ni; k++) { memcpy(nb + nj + e.id[k], sc + e.io[k], e.ilen[k]); }
        kinf__store_upsert(inf, s, ref, hh);
        b = (kinf__blk*)(void*)nb;
    }
    if (jl < 2 || ((const uint8_t*)b)[nj] != '{' || ((const uint8_t*)b)[nj + jl - 1u] != '}') { kinf__strlcpy(det, "journal: edit", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    return 0;
}
/* The replay's look ahead. A record's changes are keys all over the store,
   and each lookup and edit would wait on memory for its key's block (a
   cache and TLB miss in a store of many MB, the most of a warm start's
   replay). So the changes after the one applied are scanned in the bytes the
   reader holds already, and the memory is asked for what they will need:
   the key's bucket when a change is scanned (up to KINF__JA_RING ahead), the
   head of the block the bucket names KINF__JA_BLK changes ahead, and the
   places an edit writes and its JSON's last byte KINF__JA_EDIT ahead. These
   are hints: a scan that stops (a change past the bytes held, or not one a
   writer makes) or that the store has outrun costs a miss, no more; every
   change is read, looked up and checked as before. The key's hash is kept
   for its lookup. */
#ifndef KINF__JA_RING
#define KINF__JA_RING 16u
#endif
#ifndef KINF__JA_BLK
#define KINF__JA_BLK 8u
#endif
#ifndef KINF__JA_EDIT
#define KINF__JA_EDIT 4u
#endif
#if defined(__GNUC__)
#define KINF__PREFETCH(p, rw) __builtin_prefetch((p), (rw), 3)
#else
#define KINF__PREFETCH(p, rw) ((void)(p))
#endif
typedef struct kinf__ja_change { size_t off; uint32_t h; int32_t slot; } kinf__ja_change;
typedef struct kinf__jahead {
    size_t at;                    /* where change next begins (r's pos + drop) */
    uint32_t next;                /* the first change not scanned */
    kinf__ja_change c[KINF__JA_RING];   /* change k at c[k % KINF__JA_RING] */
} kinf__jahead;
/* The change at p (n bytes held): its length and its key's hash (*h), as the
   replay will read them; 0 when it is not whole in those bytes or not one a
   writer makes. */
static size_t kinf__ja_scan(const uint8_t* p, size_t n, uint32_t* h) {
    char key[KINF__MAX_KEY];
    size_t nsl, nl, at;
    uint64_t len;
    if (n < 15u) { return 0; }   /* the longest head; a shorter change at the very end is looked up unhelped */
    if (p[0] == KINF__JOP_DEL) {
        nsl = p[1]; nl = (size_t)kinf__le_get(p + 2, 2); at = 4u; len = at + nsl + nl;
    } else if (p[0] == KINF__JOP_UPS || p[0] == KINF__JOP_EDIT) {
        nsl = p[2]; nl = (size_t)kinf__le_get(p + 3, 2); at = p[0] == KINF__JOP_UPS ? 11u : 15u;
        len = (uint64_t)at + nsl + nl + p[5] + p[6] + kinf__le_get(p + (p[0] == KINF__JOP_UPS ? 7 : 11), 4);
    } else {
        return 0;
    }
    if (nsl >= KINF__MAX_NAME || !nl || nl >= KINF__MAX_NAME || len > n) { return 0; }
    *h = kinf__fnv(key, kinf__key_put(key, (const char*)p + at, nsl, (const char*)p + at + nsl, nl));
    return (size_t)len;
}
/* the slot of the key of hash h as its buckets say (the first of its tag,
   in a few probes), or -1 */
static int32_t kinf__ja_slot(const kinf_informer_t* inf, uint32_t h) {
    uint32_t i = kinf__kb_home(inf, h), k;
    for (k = 0; k < 4u; k++, i = kinf__kb_next(inf, i)) {
        uint32_t e = inf->kb[i];
        if (e == KINF__KB_EMPTY) { return -1; }
        if ((e >> KINF__SLOT_BITS) == KINF__KB_TAG(h)) { return KINF__KB_SLOT(e); }
    }
    return -1;
}
/* the block slot s holds now (its head read, never a stale one), or 0 */
static uint32_t kinf__ja_block(const kinf_informer_t* inf, int32_t s) {
    uint32_t ref = s >= 0 ? inf->slots[s].cur : 0u;
    return ref && ref - 1u < inf->top ? ref : 0u;
}
/* the edit at p (scanned whole) on block ref: its JSON's last byte and the
   places its inserts write, asked for */
static void kinf__ja_edit(const kinf_informer_t* inf, const uint8_t* p, uint32_t ref) {
    const kinf__blk* b = kinf__blk_at(inf, ref);
    const uint8_t* sc = p + 15u + p[2] + (size_t)kinf__le_get(p + 3, 2) + p[5] + p[6];
    size_t sl = (size_t)kinf__le_get(p + 11, 4), jl = (size_t)kinf__le_get(p + 7, 4), i = 0, dc = 0;
    size_t nj = kinf__blk_head(b->klen, b->nslen, (p[1] & KINF__JE_SAME_UID) ? b->uidlen : p[5], p[6]);
    if (b->size > inf->top - (ref - 1u) || nj + jl >= b->size) { return; }  /* a new block: read in order */
    KINF__PREFETCH((const uint8_t*)b + nj + jl, 1);
    while (i < sl) {
        uint64_t v = 0;
        int sh = 0;
        do { v |= (uint64_t)(sc[i] & 0x7fu) << sh; sh += 7; } while ((sc[i++] & 0x80u) && i < sl && sh < 35);
        if ((v & 3u) == KINF__JE_SKIP) { continue; }
        if ((v >> 2) > jl - dc) { return; }
        if ((v & 3u) == KINF__JE_INS) { KINF__PREFETCH((const uint8_t*)b + nj + dc, 1); i += (size_t)(v >> 2); }
        dc += (size_t)(v >> 2);
    }
}
/* Before change i of n is applied (r at its first byte): the scan and the
   hints; the hash of change i's key, or 0 when it was not scanned. */
static uint32_t kinf__ja_step(const kinf_informer_t* inf, const kinf__snap_r* r, kinf__jahead* a, uint32_t i, uint32_t n) {
    size_t here = r->pos + r->drop;
    kinf__ja_change* c;
    if (a->next <= i || a->c[i % KINF__JA_RING].off != here) { a->next = i; a->at = here; }
    while (a->next < n && a->next - i < KINF__JA_RING) {
        size_t len;
        uint32_t h;
        len = kinf__ja_scan(r->b + (a->at - r->drop), r->end - (a->at - r->drop), &h);
        if (!len) { break; }
        c = &a->c[a->next % KINF__JA_RING];
        c->off = a->at; c->h = h; c->slot = -1;
        KINF__PREFETCH(&inf->kb[kinf__kb_home(inf, h)], 0);
        a->at += len; a->next++;
    }
    if (a->next - i > KINF__JA_BLK) {
        uint32_t ref;
        c = &a->c[(i + KINF__JA_BLK) % KINF__JA_RING];
        c->slot = kinf__ja_slot(inf, c->h);
        ref = kinf__ja_block(inf, c->slot);
        if (ref) { KINF__PREFETCH(kinf__blk_at(inf, ref), 1); KINF__PREFETCH((const uint8_t*)kinf__blk_at(inf, ref) + 64, 1); }
    }
    if (a->next - i > KINF__JA_EDIT) {
        uint32_t ref;
        c = &a->c[(i + KINF__JA_EDIT) % KINF__JA_RING];
        ref = kinf__ja_block(inf, c->slot);   /* the slot's block now: the store may have moved it since */
        if (ref && r->b[c->off - r->drop] == KINF__JOP_EDIT) { kinf__ja_edit(inf, r->b + (c->off - r->drop), ref); }
    }
    return a->next > i ? a->c[i % KINF__JA_RING].h : 0u;
}
/* One record's payload (its checksum already right) into the store, through
   r (reading no further than the payload); the item that refuses it, or 0. */
static uint32_t kinf__jrnl_apply(kinf_informer_t* inf, kinf__snap_r* r, char* det, size_t dcap) {
    uint8_t b[14];
    char rv[KINF__MAX_RV];
    uint32_t n, i, item;
    size_t rl;
    kinf__jahead a;
    if (!kinf__snap_get(r, b, 10)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    rl = (size_t)kinf__le_get(b + 8, 2);
    if (!rl || rl >= sizeof(rv)) { kinf__strlcpy(det, "journal: resourceVersion", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    if (!kinf__snap_get(r, rv, rl)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    if (!kinf__snap_text(rv, rl)) { kinf__strlcpy(det, "journal: resourceVersion", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    rv[rl] = 0;
    inf->snap_time = kinf__le_get(b, 8);
    if (!kinf__snap_get(r, b, 4)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    n = (uint32_t)kinf__le_get(b, 4);
    a.next = 0; a.at = 0;
    for (i = 0; i < n; i++) {
        uint32_t hh = kinf__ja_step(inf, r, &a, i, n);
        if (!kinf__snap_get(r, b, 1)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
        if (b[0] == KINF__JOP_UPS) {
            if ((item = kinf__snap_obj(inf, r, 1, det, dcap)) != 0) { return item; }
        } else if (b[0] == KINF__JOP_EDIT) {
            if ((item = kinf__jrnl_edit(inf, r, hh, det, dcap)) != 0) { return item; }
        } else if (b[0] == KINF__JOP_DEL) {
            char ns[KINF__MAX_NAME], name[KINF__MAX_NAME], key[KINF__MAX_KEY];
            size_t nsl, nl, kl;
            int32_t s;
            if (!kinf__snap_get(r, b, 3)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
            nsl = b[0]; nl = (size_t)kinf__le_get(b + 1, 2);
            if (nsl >= sizeof(ns) || !nl || nl >= sizeof(name)) { kinf__strlcpy(det, "journal: delete", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
            if (!kinf__snap_get(r, ns, nsl) || !kinf__snap_get(r, name, nl)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
            kl = kinf__key_put(key, ns, nsl, name, nl);
            s = kinf__hash_find(inf, key, kl, hh ? hh : kinf__fnv(key, kl));
            if (s >= 0 && kinf__store_visible(inf, s)) { kinf__jrnl_unqueue(inf, s); }
        } else {
            kinf__strlcpy(det, "journal: change", dcap);
            return KINF_LOGITEM_SNAPSHOT_CORRUPT;
        }
    }
    memcpy(inf->last_rv, rv, rl + 1);
    inf->snap_jchanges += n;
    return 0;
}
#endif /* KINF_ENGINE_ONLY */
KINF_API int kinf_snapshot_write(kinf_informer_t* inf, uint64_t unix_ms, kinf_snapshot_write_fn fn, void* user) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!fn) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_write", ": fn is NULL"); return KINF_ERR_INVAL; }
    if (!inf->last_rv[0]) { return KINF_ERR_STATE; }
    if (kinf__snap_stream(inf, unix_ms, fn, user) != 0) { KINF__ERR(inf, SNAPSHOT_WRITE_FAILED, "the write function gave up", 0); return KINF_ERR_IO; }
    kinf__snap_clean(inf, 0);
    return KINF_OK;
}
KINF_API size_t kinf_snapshot_size(kinf_informer_t* inf) {
    kinf__snap_w w;
    if (!kinf__ok(inf) || !inf->last_rv[0]) { return 0; }
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = kinf__snap_count;
    kinf__xxh_init(&w.h);
    kinf__snap_emit(inf, 0, &w);
    return w.total;
}
/* A journal's reader at load (the file's): after the image of checksum sum,
   its records into the store; the item that refuses the whole, or 0. */
typedef uint32_t (*kinf__jrnl_read_fn)(kinf_informer_t* inf, uint64_t sum, void* user, char* det, size_t dcap);
static int kinf__snap_load(kinf_informer_t* inf, kinf__snap_r* r, kinf__jrnl_read_fn jrnl, void* juser) {
    uint32_t item;
    char det[200];
    if (inf->conn.in_callback) { KINF__ERR(inf, IN_CALLBACK, "kinf_snapshot_load", 0); return KINF_ERR_STATE; }
    if (inf->started || inf->snap_loaded || inf->nused) { return KINF_ERR_STATE; }
    r->inf = inf;
    kinf__xxh_init(&r->h);
    item = kinf__snap_read(inf, r, det, sizeof(det));
    if (item && r->io) { item = KINF_LOGITEM_SNAPSHOT_UNREADABLE; }
    if (!item && jrnl) {
        kinf__fifo_unlink(inf);
        item = jrnl(inf, r->sum, juser, det, sizeof(det));
        kinf__fifo_relink(inf);
    }
    if (item) {
        kinf__snap_clear(inf);
        kinf__log(inf, KINF_LOG_ERROR, item, det[0] ? det : 0, 0, __LINE__);
        inf->snap_dirty = 0;
        inf->snap_jbase_ok = 0;
        return KINF_ERR_INVAL;
    }
    {
        /* the file's image and journal are what the store holds now */
        uint8_t need = inf->snap_need_image;
        kinf__snap_clean(inf, jrnl != 0);
        inf->snap_need_image = need;
        inf->snap_written = 0;
        inf->snap_jbase_ok = (uint8_t)(jrnl != 0);
    }
    inf->snap_loaded = 1; inf->snap_stale = 1; inf->snap_dirty = 0;
    inf->sync_wait = 1; inf->sync_pops_left = inf->flen;
    {
        char num[21];
        KINF__INFO(inf, SNAPSHOT_LOADED, kinf__utoa(num, (uint64_t)inf->nlive), " objects");
    }
    return KINF_OK;
}
KINF_API int kinf_snapshot_load(kinf_informer_t* inf, kinf_snapshot_read_fn fn, void* user) {
    kinf__snap_r r;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!fn) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_load", ": fn is NULL"); return KINF_ERR_INVAL; }
    memset(&r, 0, sizeof(r));
    r.fn = fn; r.user = user; r.b = inf->conn.rbuf;
    return kinf__snap_load(inf, &r, 0, 0);
}
KINF_API int kinf_snapshot_load_mem(kinf_informer_t* inf, const void* data, size_t len) {
    kinf__snap_r r;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!data && len) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_load_mem", ": data is NULL"); return KINF_ERR_INVAL; }
    memset(&r, 0, sizeof(r));
    r.b = (const uint8_t*)data; r.end = len;
    return kinf__snap_load(inf, &r, 0, 0);
}
KINF_API int kinf_snapshot_stale(kinf_informer_t* inf, uint64_t* since_unix_ms) {
    if (!kinf__ok(inf) || !inf->snap_stale) { return 0; }
    if (since_unix_ms) { *since_unix_ms = inf->snap_time; }
    return 1;
}
KINF_API int kinf_snapshot_dirty(kinf_informer_t* inf, uint64_t* since_ms) {
    if (!kinf__ok(inf) || !inf->snap_dirty) { return 0; }
    if (since_ms) { *since_ms = inf->snap_dirty_since; }
    return 1;
}

/* >>snapshot file  the driver's part: a file, written atomically */
#ifndef KINF_ENGINE_ONLY
#ifdef O_CLOEXEC
#define KINF__O_CLOEXEC O_CLOEXEC
#else
#define KINF__O_CLOEXEC 0
#endif
#ifdef O_NOFOLLOW
#define KINF__O_NOFOLLOW O_NOFOLLOW
#else
#define KINF__O_NOFOLLOW 0 /* O_CREAT | O_EXCL follows no link either */
#endif
static long kinf__snap_fd_read(void* buf, size_t cap, void* user) {
    int fd = *(int*)user;
    for (;;) {
        ssize_t n = read(fd, buf, cap);
        if (n < 0 && errno == EINTR) { continue; }
        return (long)n;
    }
}
typedef struct kinf__snap_fd { int fd, err; } kinf__snap_fd;
static int kinf__snap_fd_write(const void* data, size_t len, void* user) {
    kinf__snap_fd* f = (kinf__snap_fd*)user;
    const uint8_t* p = (const uint8_t*)data;
    while (len) {
        ssize_t n = write(f->fd, p, len);
        if (n < 0 && errno == EINTR) { continue; }
        if (n <= 0) { f->err = n < 0 ? errno : ENOSPC; return -1; }
        p += n; len -= (size_t)n;
    }
    return 0;
}
/* a log detail: a, then b, n and c (b, n and c left out when n is 0) */
static const char* kinf__snap_say(char* buf, size_t cap, const char* a, const char* b, uint64_t n, const char* c) {
    char num[21];
    size_t o = kinf__log_put(buf, cap, 0, a, 0);
    if (n) { o = kinf__log_put(buf, cap, o, b, 0); o = kinf__log_put(buf, cap, o, kinf__utoa(num, n), 0); kinf__log_put(buf, cap, o, c, 0); }
    return buf;
}
/* path.journal in buf; 0 when it does not fit */
static int kinf__jrnl_path(char* buf, size_t cap, const char* path) {
    size_t l = strlen(path);
    if (l + 9 > cap) { return 0; }
    memcpy(buf, path, l); memcpy(buf + l, ".journal", 9);
    return 1;
}
/* up to n bytes of fd at p: how many (fewer at its end), or -1 */
static long kinf__jrnl_fill(int fd, uint8_t* p, size_t n) {
    size_t got = 0;
    while (got < n) {
        long k = kinf__snap_fd_read(p + got, n - got, &fd);
        if (k < 0) { return -1; }
        if (k == 0) { break; }
        got += (size_t)k;
    }
    return (long)got;
}
/* At least n bytes of fd in buf (cap bytes, n at most cap) from *bp on,
   what is there moved to the start and read on behind it: 1, or 0 at the
   end of the file before n (what it had is there), -1 for an error. */
static int kinf__jrnl_ahead(int fd, uint8_t* buf, size_t cap, size_t* bp, size_t* be, size_t n) {
    if (*be - *bp >= n) { return 1; }
    if (*bp) { memmove(buf, buf + *bp, *be - *bp); *be -= *bp; *bp = 0; }
    while (*be < n) {
        long k = kinf__snap_fd_read(buf + *be, cap - *be, &fd);
        if (k < 0) { return -1; }
        if (k == 0) { return 0; }
        *be += (size_t)k;
    }
    return 1;
}
/* a record's payload read through kinf__snap_r, and nothing after it */
typedef struct kinf__jrnl_lim { int fd; size_t left; } kinf__jrnl_lim;
static long kinf__jrnl_lim_read(void* buf, size_t cap, void* user) {
    kinf__jrnl_lim* l = (kinf__jrnl_lim*)user;
    long k = kinf__snap_fd_read(buf, cap < l->left ? cap : l->left, &l->fd);
    if (k > 0) { l->left -= (size_t)k; }
    return k;
}
typedef struct kinf__jrnl_in { int fd; const char* path; uint64_t ibytes; } kinf__jrnl_in;
/* The journal beside the image (kinf__jrnl_read_fn). One that follows another
   image, or whose header is torn, is ignored (a warning); the records are
   checked whole before one is applied, and the first that is short or fails
   its checksum ends the journal: it and what follows are dropped (a
   warning), what came before stays. Either way the next save is an image. */
static uint32_t kinf__jrnl_read(kinf_informer_t* inf, uint64_t sum, void* user, char* det, size_t dcap) {
    kinf__jrnl_in* j = (kinf__jrnl_in*)user;
    uint8_t h[KINF__JRNL_HEAD], mine[KINF__JRNL_HEAD];
    uint64_t at = KINF__JRNL_HEAD;
    size_t bp, be;
    long got;
    int torn = 0;
    inf->snap_jbase = sum; inf->snap_ibytes = j->ibytes; inf->snap_jbytes = 0; inf->snap_jchanges = 0; inf->snap_need_image = 0;
    if (j->fd < 0) { return 0; }
    got = kinf__jrnl_fill(j->fd, h, sizeof(h));
    if (got == 0) { return 0; }
    /* the header as this informer writes it for the image it names */
    if (got == (long)sizeof(h)) { kinf__jrnl_head(mine, kinf__le_get(h + 16, 8)); }
    if (got != (long)sizeof(h) || memcmp(h, mine, sizeof(h))) {
        const char* why = got < 0 ? " (unreadable)" : " (its header is torn, foreign or of another format)";
        if (got == (long)sizeof(h) && !memcmp(h, mine, 8) && memcmp(h + 8, mine + 8, 4)) { why = " (another format version: the next save writes an image)"; }
        KINF__WARN(inf, SNAPSHOT_JOURNAL_FOREIGN, j->path, why);
        inf->snap_need_image = 1;
        return 0;
    }
    if (kinf__le_get(h + 16, 8) != sum) {
        KINF__WARN(inf, SNAPSHOT_JOURNAL_FOREIGN, j->path, " (it follows another image)");
        inf->snap_need_image = 1;
        return 0;
    }
    /* the journal read ahead into the event buffer (free before the start),
       [bp, be): a record that fits it is checked whole and applied from
       there, one read for many records */
    bp = be = 0;
    for (;;) {
        uint8_t c[8];
        uint64_t len, rem;
        kinf__xxh x;
        kinf__snap_r r;
        kinf__jrnl_lim lim;
        uint32_t item;
        int more = kinf__jrnl_ahead(j->fd, inf->ev, inf->max_event_bytes, &bp, &be, 4);
        if (!more && bp == be) { break; }
        if (more <= 0) { torn = 1; break; }
        len = kinf__le_get(inf->ev + bp, 4);
        memset(&r, 0, sizeof(r));
        r.inf = inf; r.unhashed = 1;
        lim.fd = j->fd; lim.left = 0;
        kinf__xxh_init(&x);
        if (len <= inf->max_event_bytes - 12u) {
            if (kinf__jrnl_ahead(j->fd, inf->ev, inf->max_event_bytes, &bp, &be, 4u + (size_t)len + 8u) <= 0) { torn = 1; break; }
            kinf__xxh_update(&x, inf->ev + bp, 4u + (size_t)len);
            if (kinf__le_get(inf->ev + bp + 4u + len, 8) != kinf__xxh_digest(&x)) { torn = 1; break; }
            r.b = inf->ev + bp + 4u; r.end = (size_t)len;
            bp += 4u + (size_t)len + 8u;
        } else {
            /* larger: its first max_event_bytes into the event buffer (with
               what the read ahead holds of them), the rest hashed through the
               read buffer; once whole and right it is applied from the event
               buffer on, and only that rest is read again */
            size_t head = len < inf->max_event_bytes ? (size_t)len : inf->max_event_bytes, have = be - bp - 4u;
            kinf__xxh_update(&x, inf->ev + bp, 4);
            memmove(inf->ev, inf->ev + bp + 4u, have);
            bp = be = 0;
            if (have > head) {
                have = head;      /* the read ahead went past the payload */
                if (lseek(j->fd, (off_t)(at + 4u + head), SEEK_SET) < 0) { torn = 1; break; }
            }
            if (kinf__jrnl_fill(j->fd, inf->ev + have, head - have) != (long)(head - have)) { torn = 1; break; }
            kinf__xxh_update(&x, inf->ev, head);
            for (rem = len - head; rem; ) {
                size_t k = rem < inf->conn.rcap ? (size_t)rem : inf->conn.rcap;
                if (kinf__jrnl_fill(j->fd, inf->conn.rbuf, k) != (long)k) { torn = 1; break; }
                kinf__xxh_update(&x, inf->conn.rbuf, k);
                rem -= k;
            }
            if (torn || kinf__jrnl_fill(j->fd, c, 8) != 8 || kinf__le_get(c, 8) != kinf__xxh_digest(&x)) { torn = 1; break; }
            r.b = inf->ev; r.end = head;
            if (len > head) {
                /* whole and right: the rest read again */
                if (lseek(j->fd, (off_t)(at + 4u + head), SEEK_SET) < 0) { torn = 1; break; }
                lim.left = (size_t)(len - head);
                r.fn = kinf__jrnl_lim_read; r.user = &lim;
            }
        }
        item = kinf__jrnl_apply(inf, &r, det, dcap);
        if (!item && (lim.left || r.pos != r.end)) { kinf__strlcpy(det, "journal: record length", dcap); item = KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        if (item == KINF_LOGITEM_SNAPSHOT_TRUNCATED) { kinf__strlcpy(det, "journal: a change runs past its record", dcap); item = KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        if (item) { return r.io ? (uint32_t)KINF_LOGITEM_SNAPSHOT_UNREADABLE : item; }
        at += 4u + len + 8u;
        if (r.fn && lseek(j->fd, (off_t)at, SEEK_SET) < 0) { return KINF_LOGITEM_SNAPSHOT_UNREADABLE; }
    }
    inf->snap_jbytes = at;
    if (torn) {
        char why[64];
        KINF__WARN(inf, SNAPSHOT_JOURNAL_TORN, j->path, kinf__snap_say(why, sizeof(why), "", " (dropped from byte ", at, ")"));
        inf->snap_need_image = 1;
    }
    return 0;
}
KINF_API int kinf_snapshot_load_file(kinf_informer_t* inf, const char* path) {
    char jpath[1040];
    kinf__snap_r r;
    kinf__jrnl_in j;
    struct stat st;
    int fd, rc;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!path) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_load_file", ": path is NULL"); return KINF_ERR_INVAL; }
    if (inf->started || inf->snap_loaded || inf->nused) { return KINF_ERR_STATE; }
    fd = open(path, O_RDONLY | KINF__O_CLOEXEC);
    if (fd < 0) {
        if (errno != ENOENT) { KINF__ERR(inf, SNAPSHOT_UNREADABLE, path, 0); }
        return KINF_ERR_IO;
    }
    j.path = jpath;
    j.fd = kinf__jrnl_path(jpath, sizeof(jpath), path) ? open(jpath, O_RDONLY | KINF__O_NOFOLLOW | KINF__O_CLOEXEC) : -1;
    j.ibytes = fstat(fd, &st) == 0 ? (uint64_t)st.st_size : 0;
    inf->snap_jpath = kinf__fnv64(0xcbf29ce484222325ull, path, strlen(path));
    memset(&r, 0, sizeof(r));
    r.fn = kinf__snap_fd_read; r.user = &fd; r.b = inf->conn.rbuf;
    rc = kinf__snap_load(inf, &r, kinf__jrnl_read, &j);
    if (j.fd >= 0) { close(j.fd); }
    close(fd);
    return rc;
}
/* The step a save of the file failed at (inf->snap_fail). */
typedef enum kinf__snap_fail {
    KINF__SNAPF_NONE, KINF__SNAPF_PATH, KINF__SNAPF_IN_WAY, KINF__SNAPF_CREATE, KINF__SNAPF_WRITE,
    KINF__SNAPF_FSYNC, KINF__SNAPF_CLOSE, KINF__SNAPF_RENAME
} kinf__snap_fail;
static const char* const kinf__snap_fail_why[] = {
    "", ": path too long", ": there and cannot be removed", ": cannot create", ": write failed",
    ": fsync failed", ": close failed", ": rename failed" };
/* A save failed at step fail (errno err, or 0). Logged when the step is not
   the one the last save failed at: a save retried while the disk stays full
   says so once, not once per attempt. Returns rc. */
static int kinf__snap_failed(kinf_informer_t* inf, kinf__snap_fail fail, const char* file, int err, int rc) {
    if (inf->snap_fail != (uint8_t)fail) {
        char why[64];
        kinf__snap_say(why, sizeof(why), kinf__snap_fail_why[fail], " (errno ", (uint64_t)err, ")");
        if (fail == KINF__SNAPF_IN_WAY) { KINF__ERR(inf, SNAPSHOT_TEMP_EXISTS, file, why); }
        else { KINF__ERR(inf, SNAPSHOT_WRITE_FAILED, file, why); }
    }
    inf->snap_fail = (uint8_t)fail;
    if (inf->snap_fails < 0xffffffffu) { inf->snap_fails++; }
    inf->snap_fail_at = inf->conn.now;
    return rc;
}
/* the directory of path to disk (a rename or a new file in it) */
static void kinf__snap_syncdir(const char* path) {
    char dir[1040];
    size_t l = strlen(path);
    int fd;
    if (l >= sizeof(dir)) { return; }
    memcpy(dir, path, l + 1);
    while (l > 0 && dir[l - 1] != '/') { l--; }
    if (l == 0) { dir[0] = '.'; dir[1] = 0; } else { dir[l > 1 ? l - 1 : 1] = 0; }
    fd = open(dir, O_RDONLY | KINF__O_CLOEXEC);
    if (fd >= 0) { fsync(fd); close(fd); }
}
/* The changes since the last save appended to path.journal: 0; 1 when an
   image is due instead (none follows this informer's image, the last
   append failed or was cut at load, the file is not the one this informer
   wrote, or the journal would outgrow KINF__JRNL_PCT % of the image), with
   nothing written; -1 when the append failed (the journal may end in a
   torn record: the next save is an image). */
static int kinf__jrnl_append(kinf_informer_t* inf, const char* path, uint64_t unix_ms) {
    char jpath[1040];
    uint8_t h[KINF__JRNL_HEAD];
    kinf__snap_w w;
    kinf__snap_fd f;
    struct stat st;
    uint64_t head, len;
    uint32_t n;
    int fd, rc = 0;
    if (!inf->snap_jbase_ok || inf->snap_need_image || inf->snap_jpath != kinf__fnv64(0xcbf29ce484222325ull, path, strlen(path)) ||
        !kinf__jrnl_path(jpath, sizeof(jpath), path)) { return 1; }
    head = inf->snap_jbytes ? 0u : KINF__JRNL_HEAD;
    len = kinf__jrnl_len(inf, &n);
    if (len > 0xffffffffu || kinf__jrnl_weight(inf->snap_jbytes + head + 4u + len + 8u, inf->snap_jchanges + n) > inf->snap_ibytes / 100u * KINF__JRNL_PCT) { return 1; }
    /* appended to, never followed; a file of another size is not ours */
    fd = open(jpath, O_WRONLY | O_APPEND | O_CREAT | KINF__O_NOFOLLOW | KINF__O_CLOEXEC, 0600);
    if (fd < 0) { return -1; }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size != inf->snap_jbytes) { close(fd); return 1; }
    (void)fchmod(fd, 0600);
    f.fd = fd; f.err = 0;
    if (head) { kinf__jrnl_head(h, inf->snap_jbase); rc = kinf__snap_fd_write(h, sizeof(h), &f); }
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = kinf__snap_fd_write; w.user = &f;
    kinf__xxh_init(&w.h);
    if (rc != 0 || kinf__jrnl_record(inf, unix_ms, len, n, &w) != 0 || fsync(fd) != 0) { rc = -1; }
    if (close(fd) != 0) { rc = -1; }
    if (rc) { return -1; }
    if (head) { kinf__snap_syncdir(jpath); }
    if (!inf->snap_written) {
        /* the first save since the start: a path.tmp a crash left mid-image goes */
        char tmp[1040];
        size_t l = strlen(path);
        if (l + 5 <= sizeof(tmp)) { memcpy(tmp, path, l); memcpy(tmp + l, ".tmp", 5); (void)unlink(tmp); }
    }
    inf->snap_jbytes += head + w.total;
    inf->snap_jchanges += n;
    kinf__jrnl_commit(inf);
    KINF__INFO(inf, SNAPSHOT_WRITTEN, jpath, 0);
    return 0;
}
/* The image: path.tmp written, fsync'd, renamed over path; then the
   journal of the image before it removed (a crash before that leaves a
   journal naming another image: ignored at load). */
static int kinf__snap_image(kinf_informer_t* inf, const char* path, uint64_t unix_ms) {
    char tmp[1040];
    kinf__snap_fail fail = KINF__SNAPF_NONE;
    kinf__snap_fd f;
    kinf__snap_w w;
    size_t l = strlen(path);
    int fd, err = 0;
    if (l + 5 > sizeof(tmp)) { return kinf__snap_failed(inf, KINF__SNAPF_PATH, path, 0, KINF_ERR_INVAL); }
    memcpy(tmp, path, l); memcpy(tmp + l, ".tmp", 5);
    /* path.tmp is made anew, never opened as it is: one left there (by a
       crash, or put there as a link to another file) is removed, not
       followed or written through, and O_EXCL creates ours or fails (a
       directory there, one that cannot be written, another writer), so the
       rename gives path our bytes alone. */
    if (unlink(tmp) != 0 && errno != ENOENT) { err = errno; }
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | KINF__O_NOFOLLOW | KINF__O_CLOEXEC, 0600);
    if (fd < 0) {
        if (errno == EEXIST) { return kinf__snap_failed(inf, KINF__SNAPF_IN_WAY, tmp, err, KINF_ERR_IO); }
        return kinf__snap_failed(inf, KINF__SNAPF_CREATE, tmp, errno, KINF_ERR_IO);
    }
    /* 0600 whatever the umask took away; a file system without modes (FAT)
       refuses, and what open made is no wider than 0600 anyway */
    (void)fchmod(fd, 0600);
    f.fd = fd; f.err = 0;
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = kinf__snap_fd_write; w.user = &f;
    kinf__xxh_init(&w.h);
    if (kinf__snap_emit(inf, unix_ms, &w) != 0) {
        fail = KINF__SNAPF_WRITE; err = f.err;
    } else if (fsync(fd) != 0) {
        fail = KINF__SNAPF_FSYNC; err = errno;
    }
    if (close(fd) != 0 && !fail) { fail = KINF__SNAPF_CLOSE; err = errno; }
    if (!fail && rename(tmp, path) != 0) { fail = KINF__SNAPF_RENAME; err = errno; }
    if (fail) {
        unlink(tmp);
        return kinf__snap_failed(inf, fail, tmp, err, KINF_ERR_IO);
    }
    /* the rename reaches the disk with the directory */
    kinf__snap_syncdir(path);
    kinf__snap_clean(inf, 1);
    inf->snap_jbase = w.sum; inf->snap_ibytes = w.total; inf->snap_jbytes = 0; inf->snap_jchanges = 0;
    inf->snap_jpath = kinf__fnv64(0xcbf29ce484222325ull, path, strlen(path));
    if (kinf__jrnl_path(tmp, sizeof(tmp), path) && unlink(tmp) != 0 && errno != ENOENT) { inf->snap_jbase_ok = 0; }
    KINF__INFO(inf, SNAPSHOT_WRITTEN, path, 0);
    return KINF_OK;
}
KINF_API int kinf_snapshot_save_file(kinf_informer_t* inf, const char* path) {
    struct timespec ts;
    uint64_t unix_ms;
    int rc;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!path || !path[0]) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_save_file", ": path is NULL"); return KINF_ERR_INVAL; }
    if (!inf->last_rv[0]) { return KINF_ERR_STATE; }
    clock_gettime(CLOCK_REALTIME, &ts);
    unix_ms = (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
    rc = kinf__jrnl_append(inf, path, unix_ms);
    if (rc < 0) { inf->snap_need_image = 1; }
    if (rc != 0 && (rc = kinf__snap_image(inf, path, unix_ms)) != KINF_OK) { return rc; }
    if (inf->snap_fail) {
        char after[48];
        KINF__INFO(inf, SNAPSHOT_WRITE_RECOVERED, path, kinf__snap_say(after, sizeof(after), "", " (after ", inf->snap_fails, " failed saves)"));
        inf->snap_fail = KINF__SNAPF_NONE; inf->snap_fails = 0;
    }
    return KINF_OK;
}
/* How long after a failed save autosave waits: the interval (a second when
   it is 0), then twice, four and eight times it while the saves fail, at
   most 10 minutes (or the interval, when that is longer). A full disk is
   not written to on every loop turn. */
static uint64_t kinf__snap_retry_ms(int interval_s, uint32_t fails) {
    uint64_t base = interval_s > 0 ? (uint64_t)interval_s * 1000u : 1000u;
    uint64_t cap = base > 600000u ? base : 600000u;
    uint64_t wait = base << (fails >= 4 ? 3 : fails - 1);
    return wait < cap ? wait : cap;
}
KINF_API int kinf_snapshot_autosave(kinf_informer_t* inf, const char* path, int interval_s, int final) {
    int rc;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!inf->snap_dirty || !inf->last_rv[0]) { return 0; }
    if (!final) {
        uint64_t now = inf->conn.now;
        if (inf->snap_fails && now - inf->snap_fail_at < kinf__snap_retry_ms(interval_s, inf->snap_fails)) { return 0; }
        if (inf->snap_written && interval_s > 0 && now - inf->snap_write_at < (uint64_t)interval_s * 1000u) { return 0; }
    }
    rc = kinf_snapshot_save_file(inf, path);
    return rc == KINF_OK ? 1 : rc;
}
#undef KINF__O_CLOEXEC
#undef KINF__O_NOFOLLOW
#undef KINF__JRNL_VERSION
#undef KINF__JRNL_HEAD
#undef KINF__JRNL_PCT
#undef KINF__JRNL_KEY
#undef KINF__JE_MAXCOPY
#undef KINF__JE_MIN
#undef KINF__JE_TAB
#undef KINF__JA_RING
#undef KINF__JA_BLK
#undef KINF__JA_EDIT
#undef KINF__PREFETCH
#endif /* KINF_ENGINE_ONLY */
#undef KINF__SNAP_VERSION
#undef KINF__SNAP_HEAD
#undef KINF__XP1
#undef KINF__XP2
#undef KINF__XP3
#undef KINF__XP4
#undef KINF__XP5
#endif

/* >>field  reads one value of a compact JSON object by path, a value as
   unescaped text, the members of an object or array */
/* metadata.name, .namespace, .uid and .resourceVersion from the object's
   fields, for a projected JSON that does not repeat them. An empty one is
   absent: the namespace of a cluster-scoped object, an object without uid. */
static const char* const kinf__identity_keys[4] = { "name", "namespace", "uid", "resourceVersion" };
static const char* kinf__identity_value(const kinf_object_t* obj, unsigned k) {
    const char* v = k == 0 ? obj->name : k == 1 ? obj->namespace_ : k == 2 ? obj->uid : obj->resource_version;
    return v && v[0] ? v : 0;
}
static int kinf__identity_field(const kinf_object_t* obj, const char* path, kinf_value_t* out) {
    unsigned k;
    if (strncmp(path, "metadata.", 9) != 0) { return 0; }
    for (k = 0; k < 4; k++) {
        const char* v = kinf__identity_value(obj, k);
        if (v && !strcmp(path + 9, kinf__identity_keys[k])) {
            out->type = KINF_VSTRING; out->ptr = v; out->len = strlen(v); out->plain = 1;
            return 1;
        }
    }
    return 0;
}
static int kinf__field_is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static const char* kinf__field_ws(const char* p, const char* e) {
    while (p < e && kinf__field_is_ws(*p)) { p++; }
    return p;
}
/* Just after the value that starts at p, or NULL when no whole value lies
   before e (kinf__json_end) */
static const char* kinf__field_value_end(const char* p, const char* e) {
    size_t n = kinf__json_end((const uint8_t*)p, 0, (size_t)(e - p));
    return n ? p + n : 0;
}
/* out = the value in [v, ve): a string without its quotes */
static void kinf__field_value_set(kinf_value_t* out, const char* v, const char* ve) {
    switch (*v) {
    case '{': out->type = KINF_VOBJECT; break;
    case '[': out->type = KINF_VARRAY; break;
    case '"': out->type = KINF_VSTRING; v++; ve--; break;
    case 't': case 'f': out->type = KINF_VBOOL; break;
    case 'n': out->type = KINF_VNULL; break;
    default: out->type = KINF_VNUMBER; break;
    }
    out->plain = 0;
    out->ptr = v; out->len = (size_t)(ve - v);
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
    out->type = KINF_VNONE; out->ptr = 0; out->len = 0; out->plain = 0;
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
                const char* ke = kinf__field_value_end(p, e);
                kinf_value_t kv;
                char kb[256];
                int match;
                if (!ke || ke >= e || *ke != ':') { return 0; }
                kinf__field_value_set(&kv, p, ke);
                /* a key with escapes is compared unescaped, as the path names it */
                match = memchr(kv.ptr, '\\', kv.len) ? kinf_value_str(&kv, kb, sizeof(kb)) == sl && !memcmp(kb, seg, sl)
                                                      : kv.len == sl && !memcmp(kv.ptr, seg, sl);
                p = ke + 1;
                if (match) { found = 1; break; }
                if (!(p = kinf__field_value_end(p, e))) { return 0; }
                if (p < e && *p == ',') { p++; }
            }
            if (!found) { return 0; }
        } else if (p < e && *p == '[' && idx >= 0) {
            int64_t k;
            p++;
            for (k = 0; k < idx && p < e && *p != ']'; k++) {
                if (!(p = kinf__field_value_end(p, e))) { return 0; }
                if (p < e && *p == ',') { p++; }
            }
            if (p >= e || *p == ']') { return 0; }
        } else {
            return 0;
        }
    }
    {
        const char* ve = kinf__field_value_end(p, e);
        if (!ve) { return 0; }
        kinf__field_value_set(out, p, ve);
    }
    return 1;
}
KINF_API int kinf_field_has(const kinf_object_t* obj, const char* path) {
    kinf_value_t v;
    return kinf_field(obj, path, &v);
}
/* four hex digits at p, before e, into *cp; 0 if they are not there */
static int kinf__field_hex4(const char* p, const char* e, uint32_t* cp) {
    uint32_t u = 0;
    int k;
    if (e - p < 4) { return 0; }
    for (k = 0; k < 4; k++) {
        int h = kinf__hexval((unsigned char)p[k]);
        if (h < 0) { return 0; }
        u = u * 16u + (uint32_t)h;
    }
    *cp = u;
    return 1;
}
static size_t kinf__field_utf8_put(char* u, uint32_t cp) {
    if (cp < 0x80u) { u[0] = (char)cp; return 1; }
    if (cp < 0x800u) { u[0] = (char)(0xC0u | (cp >> 6)); u[1] = (char)(0x80u | (cp & 0x3Fu)); return 2; }
    if (cp < 0x10000u) {
        u[0] = (char)(0xE0u | (cp >> 12)); u[1] = (char)(0x80u | ((cp >> 6) & 0x3Fu)); u[2] = (char)(0x80u | (cp & 0x3Fu));
        return 3;
    }
    u[0] = (char)(0xF0u | (cp >> 18)); u[1] = (char)(0x80u | ((cp >> 12) & 0x3Fu));
    u[2] = (char)(0x80u | ((cp >> 6) & 0x3Fu)); u[3] = (char)(0x80u | (cp & 0x3Fu));
    return 4;
}
/* The escape whose backslash is at *pp, as UTF-8 into u (at most 4 bytes);
   moves *pp past it. What JSON does not allow reads as U+FFFD. */
static size_t kinf__field_unescape(const char** pp, const char* e, char* u) {
    const char* p = *pp + 1;
    uint32_t cp = 0xFFFDu, lo;
    char c = p < e ? *p++ : 0;
    switch (c) {
    case '"': case '\\': case '/': cp = (uint32_t)c; break;
    case 'b': cp = '\b'; break;
    case 'f': cp = '\f'; break;
    case 'n': cp = '\n'; break;
    case 'r': cp = '\r'; break;
    case 't': cp = '\t'; break;
    case 'u':
        if (!kinf__field_hex4(p, e, &cp)) { cp = 0xFFFDu; break; }
        p += 4;
        if (cp >= 0xDC00u && cp <= 0xDFFFu) { cp = 0xFFFDu; } /* a low surrogate with no high one */
        else if (cp >= 0xD800u && cp <= 0xDBFFu) {
            if (e - p >= 6 && p[0] == '\\' && p[1] == 'u' && kinf__field_hex4(p + 2, e, &lo) && lo >= 0xDC00u && lo <= 0xDFFFu) {
                cp = 0x10000u + ((cp - 0xD800u) << 10) + (lo - 0xDC00u);
                p += 6;
            } else {
                cp = 0xFFFDu; /* what follows is read on its own */
            }
        }
        break;
    default: break;
    }
    *pp = p;
    return kinf__field_utf8_put(u, cp);
}
/* the bytes of the character at p: a UTF-8 sequence as far as its
   continuation bytes go, else one byte */
static size_t kinf__field_utf8_len(const char* p, const char* e) {
    unsigned char b = (unsigned char)*p;
    size_t want = b < 0xC0u ? 1 : b < 0xE0u ? 2 : b < 0xF0u ? 3 : b < 0xF8u ? 4 : 1, n = 1;
    while (n < want && p + n < e && ((unsigned char)p[n] & 0xC0u) == 0x80u) { n++; }
    return n;
}
KINF_API size_t kinf_value_str(const kinf_value_t* v, char* buf, size_t cap) {
    const char* p;
    const char* e;
    size_t o = 0, full = 0;
    int cut = 0;
    if (!buf) { cap = 0; }
    if (cap) { buf[0] = 0; }
    if (!v || v->type == KINF_VNONE || !v->ptr) { return 0; }
    p = v->ptr; e = v->ptr + v->len;
    while (p < e) {
        char u[4];
        const char* s = u;
        size_t n;
        if (v->type == KINF_VSTRING && !v->plain && *p == '\\') {
            n = kinf__field_unescape(&p, e, u);
        } else {
            s = p; n = kinf__field_utf8_len(p, e); p += n;
        }
        /* a character that does not fit ends the copy: nothing after it is written */
        if (!cut && o + n < cap) { memcpy(buf + o, s, n); o += n; } else { cut = 1; }
        full += n;
    }
    if (cap) { buf[o] = 0; }
    return full;
}
KINF_API size_t kinf_field_str(const kinf_object_t* obj, const char* path, char* buf, size_t cap) {
    kinf_value_t v;
    v.type = KINF_VNONE; v.ptr = 0; v.len = 0; v.plain = 0;
    if (!kinf_field(obj, path, &v)) { v.type = KINF_VNONE; }
    return kinf_value_str(&v, buf, cap);
}
KINF_API int kinf_members_of(const kinf_value_t* v, kinf_members_t* it) {
    const char* e;
    int object;
    if (!it) { return 0; }
    memset(it, 0, sizeof(*it));
    it->type = KINF_VNONE;
    if (!v || !v->ptr || (v->type != KINF_VOBJECT && v->type != KINF_VARRAY)) { return 0; }
    object = v->type == KINF_VOBJECT;
    e = v->ptr + v->len;
    while (e > v->ptr && kinf__field_is_ws(e[-1])) { e--; }
    if (e - v->ptr < 2 || v->ptr[0] != (object ? '{' : '[') || e[-1] != (object ? '}' : ']')) { return 0; }
    it->type = v->type; it->p = v->ptr + 1; it->end = e - 1;
    return 1;
}
KINF_API int kinf_members(const kinf_object_t* obj, const char* path, kinf_members_t* it) {
    kinf_value_t v;
    int metadata;
    if (!it) { return 0; }
    memset(it, 0, sizeof(*it));
    it->type = KINF_VNONE;
    if (!obj || !obj->json || !path) { return 0; }
    metadata = !strcmp(path, "metadata");
    if (kinf_field(obj, path, &v)) {
        if (!kinf_members_of(&v, it) || (metadata && it->type != KINF_VOBJECT)) { it->type = KINF_VNONE; return 0; }
    } else if (metadata) {
        it->type = KINF_VOBJECT; /* projected out: the identity members alone */
    } else {
        return 0;
    }
    if (metadata) { it->ident = obj; }
    return 1;
}
/* the next member of the JSON text; 0 at its end, and where it is not JSON
   (the iteration stops there) */
static int kinf__members_json(kinf_members_t* it, kinf_value_t* key, kinf_value_t* val) {
    const char* e = it->end;
    const char* p = kinf__field_ws(it->p, e);
    const char* ks = 0;
    const char* ve;
    size_t kl = 0;
    it->p = e;
    if (p >= e) { return 0; }
    if (it->count > 0) {
        if (*p != ',') { return 0; }
        p = kinf__field_ws(p + 1, e);
    }
    if (it->type == KINF_VOBJECT) {
        if (p >= e || *p != '"' || !(ve = kinf__field_value_end(p, e))) { return 0; }
        ks = p + 1; kl = (size_t)(ve - ks) - 1;
        p = kinf__field_ws(ve, e);
        if (p >= e || *p != ':') { return 0; }
        p = kinf__field_ws(p + 1, e);
    }
    if (!(ve = kinf__field_value_end(p, e))) { return 0; }
    kinf__field_value_set(val, p, ve);
    if (ks) {
        unsigned k;
        key->type = KINF_VSTRING; key->ptr = ks; key->len = kl; key->plain = 0;
        for (k = 0; it->ident && k < 4; k++) {
            if (kl == strlen(kinf__identity_keys[k]) && !memcmp(ks, kinf__identity_keys[k], kl)) { it->ident_seen |= 1u << k; }
        }
    }
    it->p = ve;
    return 1;
}
/* the identity members the JSON of metadata lacked */
static int kinf__members_identity(kinf_members_t* it, kinf_value_t* key, kinf_value_t* val) {
    while (it->ident && it->ident_next < 4) {
        unsigned k = it->ident_next++;
        const char* v = kinf__identity_value(it->ident, k);
        if (!v || ((it->ident_seen >> k) & 1u)) { continue; }
        key->type = KINF_VSTRING; key->ptr = kinf__identity_keys[k]; key->len = strlen(key->ptr); key->plain = 1;
        val->type = KINF_VSTRING; val->ptr = v; val->len = strlen(v); val->plain = 1;
        return 1;
    }
    return 0;
}
KINF_API int kinf_member_next(kinf_members_t* it, kinf_value_t* key, kinf_value_t* val) {
    kinf_value_t k0, v0;
    if (!key) { key = &k0; }
    if (!val) { val = &v0; }
    key->type = KINF_VNONE; key->ptr = 0; key->len = 0; key->plain = 0;
    *val = *key;
    if (!it || it->type == KINF_VNONE) { return 0; }
    if (kinf__members_json(it, key, val) || kinf__members_identity(it, key, val)) {
        it->index = it->count++;
        return 1;
    }
    return 0;
}
KINF_API kinf_stats_t kinf_stats(kinf_informer_t* inf) {
    kinf_stats_t s;
    memset(&s, 0, sizeof(s));
    if (!kinf__ok(inf)) { return s; }
    s = inf->st;
    s.objects = (uint32_t)inf->nlive; s.max_objects = (uint32_t)inf->max_objects;
    s.fifo_len = inf->flen; s.fifo_capacity = (uint32_t)inf->fifo_cap;
    s.store_used = inf->used; s.store_capacity = inf->store_bytes; s.store_peak = inf->peak; s.store_top = inf->top;
    s.mem_used = inf->mem_layout; s.mem_capacity = inf->mem_size;
    s.caps.head_bytes = KINF_MAX_HEAD_BYTES; s.caps.headers = KINF_MAX_HEADERS; s.caps.depth = KINF_MAX_DEPTH;
    s.caps.rules = KINF_MAX_RULES; s.caps.continue_bytes = KINF_MAX_CONTINUE; s.caps.token_bytes = KINF_MAX_TOKEN;
    s.caps.read_bytes = (uint32_t)inf->conn.rcap;
    s.bytes_read = inf->conn.bytes_read; s.bytes_written = inf->conn.bytes_written;
    s.fresh_age_ms = kinf__fresh_age(inf);
    s.gzip_responses = inf->conn.gz_responses; s.gzip_bytes_in = inf->conn.gz_in; s.gzip_bytes_out = inf->conn.gz_out;
    return s;
}
KINF_API const char* kinf_resource_version(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->last_rv : ""; }
KINF_API uint32_t kinf_last_error(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->last_error : (uint32_t)KINF_LOGITEM_OK; }
KINF_API void kinf_clear_error(kinf_informer_t* inf) { if (kinf__ok(inf)) { inf->last_error = KINF_LOGITEM_OK; } }
KINF_API const char* kinf_log_item_name(uint32_t item) { return item < KINF_LOGITEM_COUNT ? (const char*)&kinf__log_names + kinf__log_name_at[item] : "?"; }
KINF_API int kinf_log_item_is_final(uint32_t item) {
    return item == KINF_LOGITEM_BAD_REQUEST || item == KINF_LOGITEM_NOT_FOUND || item == KINF_LOGITEM_UNKNOWN_RESOURCE ||
           item == KINF_LOGITEM_CLUSTER_SCOPED || item == KINF_LOGITEM_NOT_WATCHABLE;
}

#ifndef KINF_NO_JSONPATCH
/* >>jsonpatch  an RFC 6902 patch between two JSON values, by a walk of both
   with the >>field iterators; the pointer of the walk's place is kept in a
   fixed buffer, written already escaped for the JSON string it goes into. */
#ifndef KINF_JSONPATCH_PATH
#define KINF_JSONPATCH_PATH 4096
#endif
typedef struct kinf__jp {
    char* out;
    size_t cap, len;              /* len counts on past cap: what the patch needs */
    size_t plen;
    int ops, bad, long_path;
    char path[KINF_JSONPATCH_PATH];
} kinf__jp;
static void kinf__jp_put(kinf__jp* s, const char* p, size_t n) {
    if (s->len + n < s->cap) { memcpy(s->out + s->len, p, n); }
    s->len += n;
}
static void kinf__jp_puts(kinf__jp* s, const char* p) { kinf__jp_put(s, p, strlen(p)); }
/* a value's JSON text: a string with its quotes */
static void kinf__jp_value(kinf__jp* s, const kinf_value_t* v) {
    if (v->type == KINF_VSTRING) { kinf__jp_put(s, v->ptr - 1, v->len + 2); } else { kinf__jp_put(s, v->ptr, v->len); }
}
static int kinf__jp_whole(const kinf_value_t* v);
static void kinf__jp_op(kinf__jp* s, const char* op, const kinf_value_t* v) {
    if (v && !kinf__jp_whole(v)) { s->bad = 1; return; } /* what is copied is checked; what is walked, as walked */
    kinf__jp_puts(s, s->ops++ ? ",{\"op\":\"" : "{\"op\":\"");
    kinf__jp_puts(s, op);
    kinf__jp_puts(s, "\",\"path\":\"");
    kinf__jp_put(s, s->path, s->plen);
    if (v) { kinf__jp_puts(s, "\",\"value\":"); kinf__jp_value(s, v); kinf__jp_puts(s, "}"); }
    else { kinf__jp_puts(s, "\"}"); }
}
/* one byte of a pointer token, escaped for RFC 6901 and then for JSON */
static void kinf__jp_path_byte(kinf__jp* s, unsigned char c) {
    char e[7];
    size_t n = 1;
    e[0] = (char)c;
    if (c == '~') { e[1] = '0'; n = 2; }
    else if (c == '/') { e[0] = '~'; e[1] = '1'; n = 2; }
    else if (c == '"' || c == '\\') { e[0] = '\\'; e[1] = (char)c; n = 2; }
    else if (c < 0x20u) {
        static const char hex[] = "0123456789abcdef";
        memcpy(e, "\\u00", 4); e[4] = hex[c >> 4]; e[5] = hex[c & 15u]; n = 6;
    }
    if (s->plen + n > sizeof(s->path)) { s->long_path = 1; return; }
    memcpy(s->path + s->plen, e, n);
    s->plen += n;
}
/* the '/' before a token, which is not escaped */
static void kinf__jp_sep(kinf__jp* s) {
    if (s->plen + 1 > sizeof(s->path)) { s->long_path = 1; return; }
    s->path[s->plen++] = '/';
}
/* appends "/" and the member's key, unescaped from its JSON then escaped as
   a pointer token */
static void kinf__jp_push_key(kinf__jp* s, const kinf_value_t* k) {
    const char* p = k->ptr;
    const char* e = k->ptr + k->len;
    kinf__jp_sep(s);
    while (p < e) {
        char u[4];
        size_t n, j;
        if (*p == '\\') { n = kinf__field_unescape(&p, e, u); } else { u[0] = *p++; n = 1; }
        for (j = 0; j < n; j++) { kinf__jp_path_byte(s, (unsigned char)u[j]); }
    }
}
static void kinf__jp_push_index(kinf__jp* s, size_t i) {
    char d[24];
    int n = 0;
    do { d[n++] = (char)('0' + (char)(i % 10u)); i /= 10u; } while (i && n < 24);
    kinf__jp_sep(s);
    while (n > 0) { kinf__jp_path_byte(s, (unsigned char)d[--n]); }
}
/* Just past a member's value in its text; the iteration ended well when
   only whitespace lies from there to the closing bracket */
static const char* kinf__jp_after(const kinf_value_t* v) { return v->ptr + v->len + (v->type == KINF_VSTRING ? 1 : 0); }
static void kinf__jp_check_end(kinf__jp* s, const kinf_members_t* it, const char* last) {
    if (kinf__field_ws(last, it->end) != it->end) { s->bad = 1; }
}
static int kinf__jp_same_key(const kinf_value_t* a, const kinf_value_t* b) { return a->len == b->len && !memcmp(a->ptr, b->ptr, a->len); }
/* to's member named k, or 0 */
static int kinf__jp_find(const kinf_value_t* obj, const kinf_value_t* k, kinf_value_t* out) {
    kinf_members_t it;
    kinf_value_t key;
    kinf_members_of(obj, &it);
    while (kinf_member_next(&it, &key, out)) { if (kinf__jp_same_key(&key, k)) { return 1; } }
    return 0;
}
static void kinf__jp_diff(kinf__jp* s, const kinf_value_t* a, const kinf_value_t* b, int depth);
/* the rest of two containers, from their iterators on, is the same text:
   nothing after this point changes (the usual case once the changed member
   is behind: a memcmp instead of a walk) */
static int kinf__jp_rest_same(const kinf_members_t* ia, const kinf_members_t* ib) {
    size_t n = (size_t)(ia->end - ia->p);
    return n == (size_t)(ib->end - ib->p) && !memcmp(ia->p, ib->p, n);
}
static void kinf__jp_object(kinf__jp* s, const kinf_value_t* a, const kinf_value_t* b, int depth) {
    kinf_members_t ia, ib;
    kinf_value_t ka, va, kb, vb;
    const char* last;
    size_t at = s->plen;
    int aligned = 1; /* every key so far at the same place in both: ib steps with ia */
    if (!kinf_members_of(a, &ia) || !kinf_members_of(b, &ib)) { s->bad = 1; return; }
    last = ia.p;
    for (;;) {
        kinf_value_t w;
        int found;
        if (aligned && kinf__jp_rest_same(&ia, &ib)) { return; } /* no member removed or added after this */
        if (!kinf_member_next(&ia, &ka, &va)) { break; }
        found = aligned && kinf_member_next(&ib, &kb, &vb) && kinf__jp_same_key(&ka, &kb);
        if (found) { w = vb; } else { aligned = 0; found = kinf__jp_find(b, &ka, &w); }
        last = kinf__jp_after(&va);
        kinf__jp_push_key(s, &ka);
        if (!found) { kinf__jp_op(s, "remove", 0); } else { kinf__jp_diff(s, &va, &w, depth + 1); }
        s->plen = at;
    }
    kinf__jp_check_end(s, &ia, last);
    /* to's members that from lacks: when the keys kept in step, only those
       after the end of from's */
    if (!aligned) { kinf_members_of(b, &ib); }
    last = ib.p;
    while (kinf_member_next(&ib, &kb, &vb)) {
        kinf_value_t w;
        last = kinf__jp_after(&vb);
        if (!aligned && kinf__jp_find(a, &kb, &w)) { continue; }
        kinf__jp_push_key(s, &kb);
        kinf__jp_op(s, "add", &vb);
        s->plen = at;
    }
    kinf__jp_check_end(s, &ib, last);
}
static void kinf__jp_array(kinf__jp* s, const kinf_value_t* a, const kinf_value_t* b, int depth) {
    kinf_members_t ia, ib;
    kinf_value_t va, vb;
    const char* la;
    const char* lb;
    size_t at = s->plen, i = 0, nb;
    int more_a, more_b;
    if (!kinf_members_of(a, &ia) || !kinf_members_of(b, &ib)) { s->bad = 1; return; }
    la = ia.p; lb = ib.p;
    for (;;) {
        if (kinf__jp_rest_same(&ia, &ib)) { return; }
        more_a = kinf_member_next(&ia, 0, &va);
        more_b = kinf_member_next(&ib, 0, &vb);
        if (!more_a || !more_b) { break; }
        la = kinf__jp_after(&va); lb = kinf__jp_after(&vb);
        kinf__jp_push_index(s, i++);
        kinf__jp_diff(s, &va, &vb, depth + 1);
        s->plen = at;
    }
    nb = i;
    for (; more_a; more_a = kinf_member_next(&ia, 0, &va)) { /* from's surplus: each remove shifts the next to index nb */
        la = kinf__jp_after(&va);
        kinf__jp_push_index(s, nb);
        kinf__jp_op(s, "remove", 0);
        s->plen = at;
    }
    for (; more_b; more_b = kinf_member_next(&ib, 0, &vb)) {
        lb = kinf__jp_after(&vb);
        kinf__jp_push_index(s, i++);
        kinf__jp_op(s, "add", &vb);
        s->plen = at;
    }
    kinf__jp_check_end(s, &ia, la);
    kinf__jp_check_end(s, &ib, lb);
}
static void kinf__jp_diff(kinf__jp* s, const kinf_value_t* a, const kinf_value_t* b, int depth) {
    if (s->bad || s->long_path) { return; }
    if (a->type == b->type && a->len == b->len && !memcmp(a->ptr, b->ptr, a->len)) { return; }
    /* the depth bound: below it a changed value is replaced whole */
    if (a->type == b->type && a->type == KINF_VOBJECT && depth < KINF_MAX_DEPTH) { kinf__jp_object(s, a, b, depth); }
    else if (a->type == b->type && a->type == KINF_VARRAY && depth < KINF_MAX_DEPTH) { kinf__jp_array(s, a, b, depth); }
    else { kinf__jp_op(s, "replace", b); }
}
/* a whole JSON value, as far as its structure: [ptr, ptr+len) is one value
   (the values a patch copies: its cost is the patch's size, not the objects') */
static int kinf__jp_whole(const kinf_value_t* v) {
    const char* p;
    size_t n;
    if (!v || !v->ptr || v->plain || v->type == KINF_VNONE) { return 0; }
    p = v->type == KINF_VSTRING ? v->ptr - 1 : v->ptr;
    n = v->type == KINF_VSTRING ? v->len + 2 : v->len;
    if (v->type == KINF_VSTRING && (p[0] != '"' || p[n - 1] != '"')) { return 0; }
    return kinf__json_end((const uint8_t*)p, 0, n) == n;
}
KINF_API int kinf_json_patch(const kinf_value_t* from, const kinf_value_t* to, char* out, size_t cap, size_t* len) {
    kinf__jp s;
    if (len) { *len = 0; }
    if (!out || !cap) { return KINF_ERR_INVAL; }
    out[0] = 0;
    /* the two objects are checked as far as the walk goes (brackets, commas,
       colons of every container it enters) and every value the patch copies
       whole: an informer's objects are not scanned again end to end */
    if (!from || !to || !from->ptr || !to->ptr || from->plain || to->plain || from->type == KINF_VNONE || to->type == KINF_VNONE) {
        return KINF_ERR_INVAL;
    }
    s.out = out; s.cap = cap; s.len = 0; s.plen = 0; s.ops = 0; s.bad = 0; s.long_path = 0;
    kinf__jp_put(&s, "[", 1);
    kinf__jp_diff(&s, from, to, 0);
    kinf__jp_put(&s, "]", 1);
    if (s.bad) { out[0] = 0; return KINF_ERR_INVAL; }
    if (s.long_path) { out[0] = 0; return KINF_ERR_NOMEM; }
    if (len) { *len = s.len; }
    if (s.len >= cap) { out[0] = 0; return KINF_ERR_NOMEM; }
    out[s.len] = 0;
    return KINF_OK;
}
#endif /* KINF_NO_JSONPATCH */

/* >>config  kubeconfig (a YAML subset: block and flow, so JSON too), in-cluster service account, base64 */
#ifndef KINF_ENGINE_ONLY /* the loaders read files and the environment */

#ifndef KINF_NO_KUBECONFIG /* the kubeconfig reader, up to kinf__cfg_err */
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

enum { KINF__Y_SCALAR = 0, KINF__Y_NULL, KINF__Y_MAP, KINF__Y_SEQ }; /* a map or sequence: its start */
typedef struct kinf__yseg { const char* k; size_t kl; int idx; uint8_t style; } kinf__yseg;
typedef struct kinf__yval { const char* p; size_t n; int type; uint8_t style; } kinf__yval;
typedef void (*kinf__yfn)(void* u, const kinf__yseg* path, int n, const kinf__yval* v);
typedef struct kinf__yerr { int line, col; const char* why; } kinf__yerr; /* where a walk stopped, and why */
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
            c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == '0' ? '\0' : e == '"' ? '"' : e == '\\' ? '\\' : e == '/' ? '/' : e == ' ' ? ' '
              : e == 'b' ? '\b' : e == 'f' ? '\f' : 0;
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
    int started, done;                /* a content line was read; the document was one flow collection */
    kinf__yseg pend;
    kinf__yfn fn;
    void* u;
    const char* at;                   /* where reading stopped, and why */
    const char* why;
} kinf__ywalk;
/* the walk's place: the next byte, the end, the line it is on and where that begins */
typedef struct kinf__ycur { const char* p; const char* end; const char* ls; int line; } kinf__ycur;

static int kinf__yfail(kinf__ywalk* w, const char* at, const char* why) { w->at = at; w->why = why; return 0; }
static int kinf__ypush(kinf__ywalk* w, int indent, int seq, const kinf__yseg* seg) {
    if (w->depth >= KINF__YDEPTH) { return 0; }
    w->st[w->depth].indent = indent; w->st[w->depth].seq = seq; w->st[w->depth].idx = -1;
    w->st[w->depth].seg = *seg;
    w->path[w->depth - 1] = *seg;
    w->depth++;
    return 1;
}
/* fn for the value at the path of n segments whose last is `last` */
static void kinf__yemit_n(kinf__ywalk* w, int n, const kinf__yseg* last, const kinf__yval* v) {
    if (n < 1 || n > KINF__YDEPTH) { return; }
    w->path[n - 1] = *last;
    w->fn(w->u, w->path, n, v);
}
static void kinf__yemit(kinf__ywalk* w, const kinf__yseg* last, const kinf__yval* v) { kinf__yemit_n(w, w->depth, last, v); }
/* the entry of a map at column `col`: "key: value" or "key:". Returns 1, 2
   when the value is a flow collection (it starts at *flow, and k is its
   key), or 0 with w->why set. */
static int kinf__ykeyline(kinf__ywalk* w, const char* p, const char* e, int col, kinf__yseg* k, const char** flow) {
    kinf__yval v;
    const char* c = kinf__ykey_end(p, e, k);
    if (!c) { return kinf__yfail(w, p, "expected key: value"); }
    c++;
    while (c < e && (*c == ' ' || *c == '\t')) { c++; }
    if (c == e || *c == '#') {
        w->pending = 1; w->pend = *k; w->pend_indent = col; w->pend_is_key = 1;
        return 1;
    }
    if (*c == '{' || *c == '[') { *flow = c; return 2; }
    if (*c == '|' || *c == '>') { return kinf__yfail(w, c, "block scalars (| and >) are not read"); }
    if (*c == '&' || *c == '*' || *c == '!') { return kinf__yfail(w, c, "anchors, aliases and tags are not read"); }
    if (!kinf__yscalar(c, e, &v)) { return kinf__yfail(w, c, "a quoted scalar must end on its line, with nothing but a comment after it"); }
    kinf__yemit(w, k, &v);
    return 1;
}

/* Flow collections, { } and [ ], over as many lines as they take: a JSON
   document is one. */
enum { KINF__YF_KEY, KINF__YF_COLON, KINF__YF_VALUE, KINF__YF_NEXT }; /* what a flow collection expects next */
static int kinf__yflow_stop(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ',' || ch == '[' || ch == ']' || ch == '{' || ch == '}';
}
/* skips blanks, line breaks and comments */
static void kinf__yflow_ws(kinf__ycur* c) {
    while (c->p < c->end) {
        char ch = *c->p;
        if (ch == '\n') { c->p++; c->line++; c->ls = c->p; }
        else if (ch == ' ' || ch == '\t' || ch == '\r') { c->p++; }
        else if (ch == '#' && (c->p == c->ls || c->p[-1] == ' ' || c->p[-1] == '\t')) {
            while (c->p < c->end && *c->p != '\n') { c->p++; }
        } else { break; }
    }
}
/* a scalar in a flow collection: quoted, ending on its line, or plain, up
   to a blank and ':', a ',', a bracket, a comment or the end of the line */
static int kinf__yflow_scalar(kinf__ywalk* w, kinf__ycur* c, kinf__yval* v) {
    const char* p = c->p;
    const char* e = c->end;
    char ch = *p;
    v->type = KINF__Y_SCALAR;
    if (ch == '"' || ch == '\'') {
        const char* s = ++p;
        for (;;) {
            if (p >= e || *p == '\n' || *p == '\r') { return kinf__yfail(w, c->p, "a quoted scalar must end on its line"); }
            if (*p == ch) {
                if (ch == '\'' && p + 1 < e && p[1] == '\'') { p += 2; continue; }
                break;
            }
            if (ch == '"' && *p == '\\' && p + 1 < e && p[1] != '\n' && p[1] != '\r') { p += 2; continue; }
            p++;
        }
        v->p = s; v->n = (size_t)(p - s); v->style = ch == '"' ? 2 : 1;
        c->p = p + 1;
        return 1;
    }
    if (ch == '&' || ch == '*' || ch == '!') { return kinf__yfail(w, p, "anchors, aliases and tags are not read"); }
    if (ch == '|' || ch == '>' || ch == '%' || ch == '@' || ch == '`' || ch == '#') { return kinf__yfail(w, p, "a plain scalar cannot start with this character: quote it"); }
    if ((ch == '-' || ch == '?' || ch == ':') && (p + 1 == e || kinf__yflow_stop(p[1]))) {
        return kinf__yfail(w, p, ch == ':' ? "a ':' with no key before it" : "'- ' items and '? ' keys are not read inside { } or [ ]");
    }
    {
        const char* s = p;
        const char* last = p;
        while (p < e) {
            ch = *p;
            if (ch == '\n' || ch == '\r' || ch == ',' || ch == '[' || ch == ']' || ch == '{' || ch == '}') { break; }
            if (ch == ':' && (p + 1 == e || kinf__yflow_stop(p[1]))) { break; }
            if (ch == '#' && p > s && (p[-1] == ' ' || p[-1] == '\t')) { break; }
            p++;
            if (ch != ' ' && ch != '\t') { last = p; }
        }
        v->p = s; v->n = (size_t)(last - s); v->style = 0;
        if ((v->n == 1 && *s == '~') || (v->n == 4 && !memcmp(s, "null", 4))) { v->type = KINF__Y_NULL; }
        c->p = p;
    }
    return 1;
}
/* The flow collection at c->p: fn gets every scalar and the start of every
   nested collection with its path. Its own path is n segments, the last
   `own` (fn gets its start too); with n 0 it is the document. Returns 1 with
   c->p after its closing bracket, or 0 with w->why set. */
static int kinf__yflow(kinf__ywalk* w, kinf__ycur* c, int n, const kinf__yseg* own) {
    char close[KINF__YDEPTH + 1]; /* the bracket that closes each open collection */
    int idx[KINF__YDEPTH + 1];
    kinf__ycur open[KINF__YDEPTH + 1]; /* where each opens: the place of an error at the end of the file */
    int top = 0, st = KINF__YF_KEY;
    kinf__yseg key;
    kinf__yval v;
    memset(&key, 0, sizeof(key));
    if (n + 1 > KINF__YDEPTH) { return kinf__yfail(w, c->p, "nested deeper than 16 levels"); }
    v.p = 0; v.n = 0; v.style = 0; v.type = *c->p == '{' ? KINF__Y_MAP : KINF__Y_SEQ;
    if (own) { kinf__yemit_n(w, n, own, &v); }
    close[0] = *c->p == '{' ? '}' : ']';
    idx[0] = -1;
    open[0] = *c;
    c->p++;
    for (;;) {
        int map = close[top] == '}';
        char ch;
        kinf__yseg seg;
        kinf__yflow_ws(c);
        if (c->p >= c->end) {
            *c = open[top];
            return kinf__yfail(w, c->p, close[top] == '}' ? "this { is not closed before the end of the file" : "this [ is not closed before the end of the file");
        }
        ch = *c->p;
        if (ch == '}' || ch == ']' || ch == ',') {
            if (ch != ',' && ch != close[top]) { return kinf__yfail(w, c->p, ch == '}' ? "'}' where ']' closes the [" : "']' where '}' closes the {"); }
            if (ch == ',' && st == KINF__YF_KEY) { return kinf__yfail(w, c->p, map ? "expected a key before ','" : "expected a value before ','"); }
            if (st == KINF__YF_COLON || st == KINF__YF_VALUE) { /* "{a}", "{a: }": a null value */
                v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_NULL;
                kinf__yemit_n(w, n + top + 1, &key, &v);
            }
            c->p++;
            st = KINF__YF_KEY;
            if (ch == ',') { continue; }
            if (top == 0) { return 1; }
            top--;
            st = KINF__YF_NEXT;
            continue;
        }
        if (ch == ':') { /* a plain scalar stops before ": ", a quoted one at its quote */
            if (map && st == KINF__YF_COLON) { c->p++; st = KINF__YF_VALUE; continue; }
            return kinf__yfail(w, c->p, !map ? "a key: value inside [ ]: write it as {key: value}"
                                      : st == KINF__YF_NEXT ? "expected ',' or '}'" : st == KINF__YF_KEY ? "expected a key before ':'" : "expected a value after ':'");
        }
        if (st == KINF__YF_NEXT || st == KINF__YF_COLON) {
            return kinf__yfail(w, c->p, !map ? "expected ',' or ']'" : st == KINF__YF_NEXT ? "expected ',' or '}'" : "expected ':', ',' or '}' after the key");
        }
        if (map && st == KINF__YF_KEY) {
            if (ch == '{' || ch == '[') { return kinf__yfail(w, c->p, "a { } or [ ] as a key is not read"); }
            if (!kinf__yflow_scalar(w, c, &v)) { return 0; }
            key.k = v.p; key.kl = v.n; key.idx = -1; key.style = v.style;
            st = KINF__YF_COLON;
            continue;
        }
        /* a value: of the key, or the next item */
        if (map) { seg = key; } else { seg.k = 0; seg.kl = 0; seg.idx = ++idx[top]; seg.style = 0; }
        if (ch == '{' || ch == '[') {
            if (n + top + 2 > KINF__YDEPTH) { return kinf__yfail(w, c->p, "nested deeper than 16 levels"); }
            v.p = 0; v.n = 0; v.style = 0; v.type = ch == '{' ? KINF__Y_MAP : KINF__Y_SEQ;
            kinf__yemit_n(w, n + top + 1, &seg, &v);
            top++;
            close[top] = ch == '{' ? '}' : ']';
            idx[top] = -1;
            open[top] = *c;
            st = KINF__YF_KEY;
            c->p++;
            continue;
        }
        if (!kinf__yflow_scalar(w, c, &v)) { return 0; }
        kinf__yemit_n(w, n + top + 1, &seg, &v);
        st = KINF__YF_NEXT;
    }
}
/* after a flow collection: nothing but blanks and a comment up to the end
   of its last line; c->p goes to the next line */
static int kinf__yflow_tail(kinf__ywalk* w, kinf__ycur* c) {
    const char* p = c->p;
    while (p < c->end && (*p == ' ' || *p == '\t' || *p == '\r')) { p++; }
    if (p < c->end && *p == '#' && p > c->p) { while (p < c->end && *p != '\n') { p++; } }
    if (p < c->end && *p != '\n') { return kinf__yfail(w, p, "only a comment may follow the closing bracket on its line"); }
    c->p = p < c->end ? p + 1 : p;
    return 1;
}
/* the flow collection at c->p, then the rest of its last line */
static int kinf__yflow_line(kinf__ywalk* w, kinf__ycur* c, int n, const kinf__yseg* own) {
    return kinf__yflow(w, c, n, own) && kinf__yflow_tail(w, c);
}

/* Walks a YAML document (JSON is one), calling fn for every scalar, null
   and empty collection, and the start of every nested map or sequence.
   Returns 0, or the 1-based number of the first line it cannot read, with
   the line, column and reason in *err (when err is not NULL). */
static int kinf__yaml_walk(const char* buf, size_t len, kinf__yfn fn, void* u, kinf__yerr* err) {
    kinf__ywalk w;
    kinf__ycur cur;
    int ok = 1;
    memset(&w, 0, sizeof(w));
    w.fn = fn; w.u = u;
    w.st[0].indent = -1; w.st[0].seq = 0; w.depth = 1;
    cur.p = buf; cur.end = buf + len; cur.ls = buf; cur.line = 0;
    if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) { cur.p += 3; } /* a UTF-8 byte order mark */
    while (ok && cur.p < cur.end) {
        const char* ls = cur.p;
        const char* le;
        const char* c;
        const char* flow = 0;
        kinf__yseg fseg;
        int indent, is_item;
        cur.line++;
        cur.ls = ls;
        while (cur.p < cur.end && *cur.p != '\n') { cur.p++; }
        le = cur.p;
        if (cur.p < cur.end) { cur.p++; }
        if (le > ls && le[-1] == '\r') { le--; }
        c = ls;
        while (c < le && *c == ' ') { c++; }
        if (c < le && *c == '\t') { ok = kinf__yfail(&w, c, "a tab in the indentation"); break; }
        if (c == le || *c == '#') { continue; }
        indent = (int)(c - ls);
        if (indent == 0 && (le - c >= 3) && (!memcmp(c, "---", 3) || !memcmp(c, "...", 3)) && (le - c == 3 || c[3] == ' ')) { continue; }
        if (w.done) { ok = kinf__yfail(&w, c, "only comments may follow the document's closing bracket"); break; }
        if (!w.started && (*c == '{' || *c == '[')) { /* the document is one flow collection: JSON */
            w.started = w.done = 1;
            cur.p = c;
            ok = kinf__yflow_line(&w, &cur, 0, 0);
            continue;
        }
        w.started = 1;
        if (w.st[0].indent < 0) { w.st[0].indent = indent; }
        is_item = (*c == '-' && (c + 1 == le || c[1] == ' '));
        if (w.pending) {
            kinf__yval v;
            v.p = 0; v.n = 0; v.style = 0;
            w.pending = 0;
            if (indent > w.pend_indent && (*c == '{' || *c == '[')) { /* "key:" with its flow value on the next line */
                cur.p = c;
                ok = kinf__yflow_line(&w, &cur, w.depth, &w.pend);
                continue;
            }
            if (indent > w.pend_indent || (indent == w.pend_indent && is_item && w.pend_is_key)) {
                v.type = is_item ? KINF__Y_SEQ : KINF__Y_MAP;
                kinf__yemit(&w, &w.pend, &v);
                if (!kinf__ypush(&w, indent, is_item, &w.pend)) { ok = kinf__yfail(&w, c, "nested deeper than 16 levels"); break; }
            } else {
                v.type = KINF__Y_NULL;
                kinf__yemit(&w, &w.pend, &v);
            }
        }
        while (w.depth > 1 && (w.st[w.depth - 1].indent > indent || (w.st[w.depth - 1].indent == indent && w.st[w.depth - 1].seq && !is_item))) { w.depth--; }
        if (w.st[w.depth - 1].indent != indent) { ok = kinf__yfail(&w, c, "the indentation matches no open block"); break; }
        if (is_item) {
            kinf__ylvl* s = &w.st[w.depth - 1];
            kinf__yseg ix;
            const char* r = c + 1;
            if (!s->seq) { ok = kinf__yfail(&w, c, "a '- ' item where a key: value is expected"); break; }
            s->idx++;
            ix.k = 0; ix.kl = 0; ix.idx = s->idx; ix.style = 0;
            while (r < le && *r == ' ') { r++; }
            if (r == le || *r == '#') {
                w.pending = 1; w.pend = ix; w.pend_indent = indent; w.pend_is_key = 0;
            } else if (*r == '-' && (r + 1 == le || r[1] == ' ')) {
                ok = kinf__yfail(&w, r, "'- - ': a sequence in a sequence on one line is not read"); break;
            } else if (*r == '{' || *r == '[') {
                flow = r; fseg = ix;
            } else {
                kinf__yseg k;
                if (kinf__ykey_end(r, le, &k)) {
                    kinf__yval v;
                    v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_MAP;
                    kinf__yemit(&w, &ix, &v);
                    if (!kinf__ypush(&w, (int)(r - ls), 0, &ix)) { ok = kinf__yfail(&w, r, "nested deeper than 16 levels"); break; }
                    if (!kinf__ykeyline(&w, r, le, (int)(r - ls), &fseg, &flow)) { ok = 0; break; }
                } else {
                    kinf__yval v;
                    if (*r == '|' || *r == '>') { ok = kinf__yfail(&w, r, "block scalars (| and >) are not read"); break; }
                    if (*r == '&' || *r == '*' || *r == '!') { ok = kinf__yfail(&w, r, "anchors, aliases and tags are not read"); break; }
                    if (!kinf__yscalar(r, le, &v)) { ok = kinf__yfail(&w, r, "a quoted scalar must end on its line, with nothing but a comment after it"); break; }
                    kinf__yemit(&w, &ix, &v);
                }
            }
        } else {
            if (w.st[w.depth - 1].seq) { ok = kinf__yfail(&w, c, "a key: value where a '- ' item is expected"); break; }
            if (!kinf__ykeyline(&w, c, le, indent, &fseg, &flow)) { ok = 0; break; }
        }
        if (flow) {
            cur.p = flow;
            ok = kinf__yflow_line(&w, &cur, w.depth, &fseg);
        }
    }
    if (!ok) {
        if (err) { err->line = cur.line; err->col = (int)(w.at - cur.ls) + 1; err->why = w.why; }
        return cur.line > 0 ? cur.line : 1;
    }
    if (w.pending) {
        kinf__yval v;
        v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_NULL;
        kinf__yemit(&w, &w.pend, &v);
    }
    return 0;
}

/* kubeconfig resolution: one walk per step (current-context, the context,
   its cluster, its user), each collecting the fields of one list entry at a
   time and keeping those of the entry named as wanted */
enum { KINF__KC_CONTEXTS = 0, KINF__KC_CLUSTERS, KINF__KC_USERS, KINF__KC_CURRENT };
/* What kinformer reads of a list entry, by name. */
typedef struct kinf__kc_item {
    kinf__yval name;
    kinf__yval cluster, user, namespace_;                         /* contexts[].context */
    kinf__yval server, ca, ca_data, insecure, server_name, proxy; /* clusters[].cluster */
    kinf__yval token, token_file, cert, cert_data, key, key_data; /* users[].user */
    kinf__yval exec, exec_cmd, exec_api, exec_mode, exec_pci;     /* users[].user.exec */
    kinf__yval exec_args[KINF_EXEC_MAX_ARGS], exec_env[KINF_EXEC_MAX_ENV][2];
    int exec_nargs, exec_nenv, exec_over;                         /* over: more args or env than kinf_exec_t holds */
    kinf__yseg refused;                                           /* the first field set that kinformer refuses */
    int has_refused;
} kinf__kc_item;
/* The fields of each list entry's inner map: read into kinf__kc_item at off,
   or refused (KUBECONFIG_UNSUPPORTED) unless null. */
typedef struct kinf__kc_field { uint8_t list, refused; const char* key; size_t off; } kinf__kc_field;
static const kinf__kc_field kinf__kc_fields[] = {
    { KINF__KC_CONTEXTS, 0, "cluster", offsetof(kinf__kc_item, cluster) },
    { KINF__KC_CONTEXTS, 0, "user", offsetof(kinf__kc_item, user) },
    { KINF__KC_CONTEXTS, 0, "namespace", offsetof(kinf__kc_item, namespace_) },
    { KINF__KC_CLUSTERS, 0, "server", offsetof(kinf__kc_item, server) },
    { KINF__KC_CLUSTERS, 0, "certificate-authority", offsetof(kinf__kc_item, ca) },
    { KINF__KC_CLUSTERS, 0, "certificate-authority-data", offsetof(kinf__kc_item, ca_data) },
    { KINF__KC_CLUSTERS, 0, "insecure-skip-tls-verify", offsetof(kinf__kc_item, insecure) },
    { KINF__KC_CLUSTERS, 0, "tls-server-name", offsetof(kinf__kc_item, server_name) },
    { KINF__KC_CLUSTERS, 0, "proxy-url", offsetof(kinf__kc_item, proxy) },
    { KINF__KC_USERS, 0, "token", offsetof(kinf__kc_item, token) },
    { KINF__KC_USERS, 0, "tokenFile", offsetof(kinf__kc_item, token_file) },
    { KINF__KC_USERS, 0, "client-certificate", offsetof(kinf__kc_item, cert) },
    { KINF__KC_USERS, 0, "client-certificate-data", offsetof(kinf__kc_item, cert_data) },
    { KINF__KC_USERS, 0, "client-key", offsetof(kinf__kc_item, key) },
    { KINF__KC_USERS, 0, "client-key-data", offsetof(kinf__kc_item, key_data) },
    { KINF__KC_USERS, 0, "exec", offsetof(kinf__kc_item, exec) }, { KINF__KC_USERS, 1, "auth-provider", 0 },
    { KINF__KC_USERS, 1, "username", 0 }, { KINF__KC_USERS, 1, "password", 0 },
    { KINF__KC_USERS, 1, "as", 0 }, { KINF__KC_USERS, 1, "as-uid", 0 },
    { KINF__KC_USERS, 1, "as-groups", 0 }, { KINF__KC_USERS, 1, "as-user-extra", 0 }
};
/* each list's key and its entries' inner key, by KINF__KC_* */
static const char* const kinf__kc_lists[3][2] = { { "contexts", "context" }, { "clusters", "cluster" }, { "users", "user" } };
typedef struct kinf__kc {
    int list;                         /* KINF__KC_*: the list read, or current-context */
    const char* want;                 /* the name of the entry wanted */
    int cur, found;
    kinf__kc_item item, hit;          /* the entry being read; the one named want (current-context: hit.name) */
    char tmp[256];
} kinf__kc;
/* s is the key k (a quoted key with escapes is decoded first) */
static int kinf__yseg_is(const kinf__yseg* s, const char* k) {
    size_t n = strlen(k);
    char d[64];
    long m;
    if (s->idx >= 0) { return 0; }
    if (!s->style || !memchr(s->k, s->style == 2 ? '\\' : '\'', s->kl)) { return s->kl == n && !memcmp(s->k, k, n); }
    m = kinf__ystr(s->k, s->kl, s->style, d, sizeof(d));
    return m == (long)n && !memcmp(d, k, n);
}
static void kinf__kc_close(kinf__kc* kc) {
    if (kc->cur >= 0 && !kc->found && kc->item.name.type == KINF__Y_SCALAR && kc->item.name.p &&
        kinf__ystr(kc->item.name.p, kc->item.name.n, kc->item.name.style, kc->tmp, sizeof(kc->tmp)) >= 0 &&
        !strcmp(kc->tmp, kc->want)) {
        kc->hit = kc->item;
        kc->found = 1;
    }
    memset(&kc->item, 0, sizeof(kc->item));
}
/* users[].user.exec's members (path from below exec, n of them): command,
   apiVersion, interactiveMode, provideClusterInfo, args[k], env[k].name and
   .value; installHint and others are not used */
static void kinf__kc_exec(kinf__kc_item* it, const kinf__yseg* path, int n, const kinf__yval* v) {
    if (n == 1) {
        if (kinf__yseg_is(&path[0], "command")) { it->exec_cmd = *v; }
        else if (kinf__yseg_is(&path[0], "apiVersion")) { it->exec_api = *v; }
        else if (kinf__yseg_is(&path[0], "interactiveMode")) { it->exec_mode = *v; }
        else if (kinf__yseg_is(&path[0], "provideClusterInfo")) { it->exec_pci = *v; }
        return;
    }
    if (n == 2 && kinf__yseg_is(&path[0], "args") && path[1].idx >= 0) {
        if (path[1].idx >= KINF_EXEC_MAX_ARGS) { it->exec_over = 1; return; }
        it->exec_args[path[1].idx] = *v;
        if (path[1].idx >= it->exec_nargs) { it->exec_nargs = path[1].idx + 1; }
        return;
    }
    if (n == 3 && kinf__yseg_is(&path[0], "env") && path[1].idx >= 0) {
        int k = kinf__yseg_is(&path[2], "name") ? 0 : kinf__yseg_is(&path[2], "value") ? 1 : -1;
        if (k < 0) { return; }
        if (path[1].idx >= KINF_EXEC_MAX_ENV) { it->exec_over = 1; return; }
        it->exec_env[path[1].idx][k] = *v;
        if (path[1].idx >= it->exec_nenv) { it->exec_nenv = path[1].idx + 1; }
    }
}
static void kinf__kc_visit(void* u, const kinf__yseg* path, int n, const kinf__yval* v) {
    kinf__kc* kc = (kinf__kc*)u;
    size_t f;
    if (kc->list == KINF__KC_CURRENT) {
        if (n == 1 && kinf__yseg_is(&path[0], "current-context") && v->type == KINF__Y_SCALAR) { kc->hit.name = *v; kc->found = 1; }
        return;
    }
    if (n < 2 || !kinf__yseg_is(&path[0], kinf__kc_lists[kc->list][0]) || path[1].idx < 0) { return; }
    if (path[1].idx != kc->cur) { kinf__kc_close(kc); kc->cur = path[1].idx; }
    if (n == 3 && kinf__yseg_is(&path[2], "name")) { kc->item.name = *v; return; }
    if (n >= 5 && kc->list == KINF__KC_USERS && kinf__yseg_is(&path[2], "user") && kinf__yseg_is(&path[3], "exec")) { kinf__kc_exec(&kc->item, path + 4, n - 4, v); return; }
    if (n != 4 || !kinf__yseg_is(&path[2], kinf__kc_lists[kc->list][1])) { return; }
    for (f = 0; f < sizeof(kinf__kc_fields) / sizeof(kinf__kc_fields[0]); f++) {
        const kinf__kc_field* d = &kinf__kc_fields[f];
        if (d->list != kc->list || !kinf__yseg_is(&path[3], d->key)) { continue; }
        if (!d->refused) { *(kinf__yval*)(void*)((char*)&kc->item + d->off) = *v; }
        else if (v->type != KINF__Y_NULL && !kc->item.has_refused) { kc->item.refused = path[3]; kc->item.has_refused = 1; } /* "exec: null" sets nothing */
        return;
    }
}
static int kinf__kc_run(kinf__kc* kc, const char* buf, size_t len) {
    kc->cur = -1; kc->found = 0;
    memset(&kc->item, 0, sizeof(kc->item));
    memset(&kc->hit, 0, sizeof(kc->hit));
    kinf__yaml_walk(buf, len, kinf__kc_visit, kc, 0);
    if (kc->list != KINF__KC_CURRENT) { kinf__kc_close(kc); }
    return kc->found;
}

#endif /* KINF_NO_KUBECONFIG */
static int kinf__cfg_err(kinf_config_t* cfg, uint32_t item, const char* d1, const char* d2) {
    cfg->error = item;
    cfg->error_detail[0] = 0;
    if (d1) { kinf__strlcpy(cfg->error_detail, d1, sizeof(cfg->error_detail)); }
    if (d2) { kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), d2); }
    return item == KINF_LOGITEM_CONFIG_FILE_TOO_LARGE ? KINF_ERR_NOMEM : KINF_ERR_INVAL;
}
#ifndef KINF_NO_KUBECONFIG /* the rest of the kubeconfig reader */
/* Finds the entry of one kubeconfig list (KINF__KC_CONTEXTS, _CLUSTERS,
   _USERS) named want into kc->hit, refusing one that sets a field kinformer
   does not support. Returns KINF_OK, or an error with cfg->error set. */
static int kinf__kc_entry(kinf_config_t* cfg, kinf__kc* kc, const char* buf, size_t len, int list, const char* want, uint32_t not_found) {
    memset(kc, 0, sizeof(*kc));
    kc->list = list; kc->want = want;
    if (!kinf__kc_run(kc, buf, len)) { return kinf__cfg_err(cfg, not_found, want, 0); }
    if (kc->hit.has_refused) {
        char f[64], where[32];
        kinf__ystr(kc->hit.refused.k, kc->hit.refused.kl, kc->hit.refused.style, f, sizeof(f));
        where[0] = 0;
        kinf__cat(where, sizeof(where), kinf__kc_lists[list][0]); kinf__cat(where, sizeof(where), "."); /* "clusters.cluster." */
        kinf__cat(where, sizeof(where), kinf__kc_lists[list][1]); kinf__cat(where, sizeof(where), ".");
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, where, f);
    }
    return KINF_OK;
}
/* a scalar into the work buffer's free tail, NUL-terminated (*out; NULL
   when v is none); 0 with cfg->error set when it does not fit */
static int kinf__cfg_wstr(kinf_config_t* cfg, const kinf__yval* v, unsigned char* work, size_t* used, size_t cap,
                          const char** out, const char* field) {
    long n;
    *out = 0;
    if (!v->p || v->type != KINF__Y_SCALAR) { return 1; }
    if (*used >= cap) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); return 0; }
    n = kinf__ystr(v->p, v->n, v->style, (char*)work + *used, cap - *used);
    if (n < 0) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); return 0; }
    *out = (const char*)work + *used;
    *used += (size_t)n + 1;
    return 1;
}
/* users[].user.exec into cfg->exec (strings in the work buffer); dir: the
   kubeconfig's, for a relative command with a '/' (as client-go). KINF_OK,
   or an error with cfg->error set. */
static int kinf__cfg_exec(kinf_config_t* cfg, const kinf__kc_item* it, unsigned char* w, size_t* used, size_t cap, const char* dir) {
    kinf_exec_t* x = &cfg->exec;
    const char* mode = 0;
    const char* pci = 0;
    int k;
    if (it->exec_over) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "users.user.exec: more args or env than kinf_exec_t holds", 0); }
    if (!kinf__cfg_wstr(cfg, &it->exec_api, w, used, cap, &x->api_version, "users.user.exec.apiVersion") ||
        !kinf__cfg_wstr(cfg, &it->exec_mode, w, used, cap, &mode, "users.user.exec.interactiveMode") ||
        !kinf__cfg_wstr(cfg, &it->exec_pci, w, used, cap, &pci, "users.user.exec.provideClusterInfo")) { return KINF_ERR_INVAL; }
    if (!x->api_version || (strcmp(x->api_version, "client.authentication.k8s.io/v1") && strcmp(x->api_version, "client.authentication.k8s.io/v1beta1"))) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, "users.user.exec.apiVersion: not client.authentication.k8s.io/v1 or v1beta1", 0);
    }
    if (mode && !strcmp(mode, "Always")) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, "users.user.exec.interactiveMode Always (a plugin is never run interactively)", 0);
    }
    x->provide_cluster_info = pci && !strcmp(pci, "true");
    if (it->exec_cmd.p && it->exec_cmd.type == KINF__Y_SCALAR) {
        char cmd[512];
        const char* at;
        if (kinf__ystr(it->exec_cmd.p, it->exec_cmd.n, it->exec_cmd.style, cmd, sizeof(cmd)) <= 0) {
            return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "users.user.exec.command", 0);
        }
        if (cmd[0] != '/' && strchr(cmd, '/')) { /* relative to the kubeconfig's directory */
            size_t dl = strlen(dir), cl = strlen(cmd);
            if (dl + 1 + cl + 1 > cap - *used) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, "users.user.exec.command", 0); }
            at = (const char*)w + *used;
            memcpy(w + *used, dir, dl); w[*used + dl] = '/'; memcpy(w + *used + dl + 1, cmd, cl + 1);
            *used += dl + 1 + cl + 1;
        } else {
            size_t cl = strlen(cmd);
            if (cl + 1 > cap - *used) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, "users.user.exec.command", 0); }
            at = (const char*)w + *used;
            memcpy(w + *used, cmd, cl + 1);
            *used += cl + 1;
        }
        x->command = at;
    }
    if (!x->command) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, "users.user.exec.command: none", 0); }
    for (k = 0; k < it->exec_nargs; k++) {
        if (!kinf__cfg_wstr(cfg, &it->exec_args[k], w, used, cap, &x->args[k], "users.user.exec.args")) { return KINF_ERR_INVAL; }
        if (!x->args[k]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, "users.user.exec.args: an item that is not a string", 0); }
    }
    x->nargs = it->exec_nargs;
    for (k = 0; k < it->exec_nenv; k++) {
        if (!kinf__cfg_wstr(cfg, &it->exec_env[k][0], w, used, cap, &x->env[k][0], "users.user.exec.env") ||
            !kinf__cfg_wstr(cfg, &it->exec_env[k][1], w, used, cap, &x->env[k][1], "users.user.exec.env")) { return KINF_ERR_INVAL; }
        if (!x->env[k][0] || !x->env[k][0][0] || strchr(x->env[k][0], '=')) {
            return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, "users.user.exec.env: an entry without a usable name", 0);
        }
        if (!x->env[k][1]) { x->env[k][1] = x->env[k][0] + strlen(x->env[k][0]); } /* no value: "" */
    }
    x->nenv = it->exec_nenv;
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
/* a *-data field: base64 into the work buffer's free tail (a quoted
   scalar with escapes, such as JSON's "\/", is unescaped there first) */
static int kinf__cfg_data(kinf_config_t* cfg, const kinf__yval* v, unsigned char* work, size_t* used, size_t cap,
                          const void** out, size_t* outlen, const char* field) {
    const char* src;
    size_t len;
    long n;
    if (!v->p || v->type != KINF__Y_SCALAR) { return 1; }
    src = v->p; len = v->n;
    if (v->style == 2 && memchr(v->p, '\\', v->n)) {
        long u;
        if (v->n >= cap - *used) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); return 0; }
        u = kinf__ystr(v->p, v->n, 2, (char*)work + *used, cap - *used);
        if (u < 0) { kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_BAD_BASE64, field, " (an escape the reader refuses)"); return 0; }
        src = (const char*)work + *used; len = (size_t)u; /* decoded in place: base64 never writes ahead of what it reads */
    }
    n = kinf__b64(src, len, work + *used, cap - *used);
    if (n <= 0) {
        if (len / 4 * 3 > cap - *used) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); }
        else { kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_BAD_BASE64, field, 0); }
        return 0;
    }
    *out = work + *used; *outlen = (size_t)n;
    *used += (size_t)n;
    return 1;
}
KINF_API int kinf_config_kubeconfig(kinf_config_t* cfg, const char* path, const char* context, void* work, size_t work_size) {
    char file[512], dir[512], cluster[256], user[256];
    unsigned char* w = (unsigned char*)work;
    long n;
    size_t used;
    int r;
    kinf__kc kc;
    kinf__yerr yerr;
    if (!cfg) { return KINF_ERR_INVAL; }
    memset(cfg, 0, sizeof(*cfg));
    if (!work) { return kinf__cfg_err(cfg, KINF_LOGITEM_BAD_ARGUMENT, "work is NULL", 0); }
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
    /* the whole file is read once to check it, and current-context taken on the way */
    memset(&kc, 0, sizeof(kc));
    kc.list = KINF__KC_CURRENT; kc.cur = -1;
    if (kinf__yaml_walk((const char*)w, used, kinf__kc_visit, &kc, &yerr)) {
        char num[21];
        kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, file, ": line ");
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), kinf__utoa(num, (uint64_t)yerr.line));
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), ", column ");
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), kinf__utoa(num, (uint64_t)yerr.col));
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), ": ");
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), yerr.why);
        return KINF_ERR_INVAL;
    }
    /* the context */
    if (context && context[0]) {
        kinf__strlcpy(cfg->context, context, sizeof(cfg->context));
    } else if (!kc.found || kinf__ystr(kc.hit.name.p, kc.hit.name.n, kc.hit.name.style, cfg->context, sizeof(cfg->context)) <= 0) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CONTEXT, "current-context is not set", 0);
    }
    r = kinf__kc_entry(cfg, &kc, (const char*)w, used, KINF__KC_CONTEXTS, cfg->context, KINF_LOGITEM_KUBECONFIG_NO_CONTEXT);
    if (r != KINF_OK) { return r; }
    cluster[0] = user[0] = 0;
    if (kc.hit.cluster.p && kinf__ystr(kc.hit.cluster.p, kc.hit.cluster.n, kc.hit.cluster.style, cluster, sizeof(cluster)) < 0) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "contexts.context.cluster", 0);
    }
    if (kc.hit.user.p && kinf__ystr(kc.hit.user.p, kc.hit.user.n, kc.hit.user.style, user, sizeof(user)) < 0) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "contexts.context.user", 0);
    }
    if (!kinf__cfg_str(cfg, &kc.hit.namespace_, cfg->namespace_, sizeof(cfg->namespace_), 0, "namespace")) { return KINF_ERR_INVAL; }
    if (!cluster[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER, cfg->context, ": context names no cluster"); }
    /* the cluster */
    r = kinf__kc_entry(cfg, &kc, (const char*)w, used, KINF__KC_CLUSTERS, cluster, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER);
    if (r != KINF_OK) { return r; }
    if (!kinf__cfg_str(cfg, &kc.hit.server, cfg->server, sizeof(cfg->server), 0, "server") ||
        !kinf__cfg_str(cfg, &kc.hit.ca, cfg->ca_file, sizeof(cfg->ca_file), dir, "certificate-authority") ||
        !kinf__cfg_data(cfg, &kc.hit.ca_data, w, &used, work_size, &cfg->ca_data, &cfg->ca_len, "certificate-authority-data") ||
        !kinf__cfg_str(cfg, &kc.hit.server_name, cfg->tls_server_name, sizeof(cfg->tls_server_name), 0, "tls-server-name") ||
        !kinf__cfg_str(cfg, &kc.hit.proxy, cfg->proxy_url, sizeof(cfg->proxy_url), 0, "proxy-url")) {
        return cfg->error == KINF_LOGITEM_CONFIG_FILE_TOO_LARGE ? KINF_ERR_NOMEM : KINF_ERR_INVAL; /* decoded data that does not fit */
    }
    if (kc.hit.insecure.p && kc.hit.insecure.n == 4 && !memcmp(kc.hit.insecure.p, "true", 4)) { cfg->insecure_skip_tls_verify = 1; }
    if (!cfg->server[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER, cluster, ": no server"); }
    /* the user */
    if (user[0]) {
        r = kinf__kc_entry(cfg, &kc, (const char*)w, used, KINF__KC_USERS, user, KINF_LOGITEM_KUBECONFIG_NO_USER);
        if (r != KINF_OK) { return r; }
        if (!kinf__cfg_wstr(cfg, &kc.hit.token, w, &used, work_size, &cfg->token, "token")) {
            return used >= work_size ? KINF_ERR_NOMEM : kinf__cfg_err(cfg, KINF_LOGITEM_TOKEN_TOO_LONG, "users.user.token", 0);
        }
        if (kc.hit.exec.type == KINF__Y_MAP) { /* a container's start: no text */
            r = kinf__cfg_exec(cfg, &kc.hit, w, &used, work_size, dir);
            if (r != KINF_OK) { return r; }
        } else if (kc.hit.exec.type == KINF__Y_SEQ || (kc.hit.exec.type == KINF__Y_SCALAR && kc.hit.exec.p)) {
            return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, "users.user.exec: not a map", 0);
        }
        if (!kinf__cfg_str(cfg, &kc.hit.token_file, cfg->token_file, sizeof(cfg->token_file), dir, "tokenFile") ||
            !kinf__cfg_str(cfg, &kc.hit.cert, cfg->client_cert_file, sizeof(cfg->client_cert_file), dir, "client-certificate") ||
            !kinf__cfg_data(cfg, &kc.hit.cert_data, w, &used, work_size, &cfg->client_cert_data, &cfg->client_cert_len, "client-certificate-data") ||
            !kinf__cfg_str(cfg, &kc.hit.key, cfg->client_key_file, sizeof(cfg->client_key_file), dir, "client-key") ||
            !kinf__cfg_data(cfg, &kc.hit.key_data, w, &used, work_size, &cfg->client_key_data, &cfg->client_key_len, "client-key-data")) {
            return cfg->error == KINF_LOGITEM_CONFIG_FILE_TOO_LARGE ? KINF_ERR_NOMEM : KINF_ERR_INVAL;
        }
    }
    kinf__strlcpy(cfg->source, "kubeconfig", sizeof(cfg->source));
    return KINF_OK;
}
#else
/* KINF_NO_KUBECONFIG: the reader is compiled out (about 9 KB of code at -Os) */
KINF_API int kinf_config_kubeconfig(kinf_config_t* cfg, const char* path, const char* context, void* work, size_t work_size) {
    (void)path; (void)context; (void)work; (void)work_size;
    if (!cfg) { return KINF_ERR_INVAL; }
    memset(cfg, 0, sizeof(*cfg));
    return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNAVAILABLE, 0, 0);
}
#endif /* KINF_NO_KUBECONFIG */

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
    if (!d->token && !d->token_file && !d->exec) {
        if (cfg->token) { d->token = cfg->token; }
        else if (cfg->token_file[0]) { d->token_file = cfg->token_file; }
        else if (cfg->exec.command) { d->exec = &cfg->exec; }
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
    if (!d->proxy && cfg->proxy_url[0]) { d->proxy = cfg->proxy_url; }
    if (!d->insecure_skip_tls_verify) { d->insecure_skip_tls_verify = cfg->insecure_skip_tls_verify; }
}

#ifndef KINF_NO_FACTORY /* discovery and the factory */
/* >>discovery  which resources the server has: a round of GETs (the
   aggregated form of /api and /apis, or the legacy documents), each body
   framed by the JSON scanner (which checks its grammar), then read by a
   small walker over the checked bytes. Results in two tables: the one
   lookups read, and the one the next round fills. */
#define KINF__DISC_MAGIC 0x6b646973u
/* one resource: offsets of its strings in the table's pool (0 is "") */
typedef struct kinf__dres { uint32_t name, group, version, plural, singular, kind, shorts; uint16_t verbs; uint8_t namespaced, unused; } kinf__dres;
typedef struct kinf__dtab { kinf__dres* res; char* pool; int n; size_t used; } kinf__dtab;
/* a group version the legacy form still has to read */
typedef struct kinf__dgv { uint32_t group, version; } kinf__dgv;
/* what the request under way reads */
typedef enum kinf__dq_kind { KINF__DQ_API = 0, KINF__DQ_APIS, KINF__DQ_GV } kinf__dq_kind;
/* the discovery's round: none wanted, a request under way, waiting out a backoff */
typedef enum kinf__dp_state { KINF__DP_IDLE = 0, KINF__DP_RUNNING, KINF__DP_BACKOFF } kinf__dp_state;
#define KINF__DC_WBUF (2048 + KINF_MAX_TOKEN)

struct kinf_discovery_t {
    uint32_t magic;
    kinf_engine_t conn;           /* the connection: settings, token, socket, TLS, the exchange */
    kinf_logger_t logger;
    char tag[32];
    char logbuf[400];
    int max_res, max_gv;
    size_t names_bytes, doc_bytes, mem_size, mem_layout;
    uint8_t legacy_only;
    char prefix[KINF__MAX_STR];   /* the server URL's path, before /api */
    kinf__dtab tab[2];
    int cur;                      /* tab[cur] answers lookups; the round fills the other */
    kinf__dgv* gv;
    int ngv, gvpos;
    uint8_t* doc;                 /* the scanner's record buffer: a document, or one group */
    /* the round */
    int phase, want_round, dq;
    int agg;                      /* the round has read the aggregated form */
    int body_agg, got_doc;        /* this response is an aggregated list; its legacy document was read */
    uint64_t backoff_until;
    int backoff_n;
    uint32_t rng;
    uint32_t left_out;            /* resources (or group versions) the round leaves out */
    char wbuf[KINF__DC_WBUF];
    int body_err;
    char reqpath[KINF__MAX_STR];  /* the path of the request under way, for the log */
    char msg[232];                /* " (server: ...)" of an error response */
    kinf__scan scan;
    char capbuf[KINF__CAP_COUNT][64];
    char pv[64];                  /* the version an API path named, for kinf_discovery_resolve */
    kinf_discovery_stats_t st;
    volatile int stop;
};

static void kinf__dc_log(kinf_discovery_t* d, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log2(&d->logger, d->tag, level, item, line, d->logbuf, sizeof(d->logbuf), d1, d2);
}
#define KINF__DC_ERR(d, item, d1, d2) kinf__dc_log((d), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__DC_WARN(d, item, d1, d2) kinf__dc_log((d), KINF_LOG_WARN, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__DC_INFO(d, item, d1, d2) kinf__dc_log((d), KINF_LOG_INFO, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
/* >>discovery json  A walker over bytes the scanner has checked: it only
   finds where things are, bounded by n, and never reads past a value. */
static size_t kinf__dj_ws(const char* p, size_t i, size_t n) {
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n')) { i++; }
    return i;
}
/* past the value that starts at p[i] (after whitespace), or n when no whole
   value lies before n: kinf__json_end, the one skip over a value */
static size_t kinf__dj_skip(const char* p, size_t i, size_t n) {
    size_t e;
    i = kinf__dj_ws(p, i, n);
    e = kinf__json_end((const uint8_t*)p, i, n);
    return e ? e : n;
}
/* past the string whose opening quote is at p[i] */
static size_t kinf__dj_str_end(const char* p, size_t i, size_t n) { return kinf__dj_skip(p, i, n); }
/* The next member of the object being walked: *it starts just after its
   '{'. Fills the key (ks, kl: inside the quotes) and where the value
   starts; 0 at the end of the object. */
static int kinf__dj_member(const char* p, size_t n, size_t* it, size_t* ks, size_t* kl, size_t* vs) {
    size_t i = kinf__dj_ws(p, *it, n), e;
    if (i < n && p[i] == ',') { i = kinf__dj_ws(p, i + 1, n); }
    if (i >= n || p[i] != '"') { *it = n; return 0; }
    e = kinf__dj_str_end(p, i, n);
    *ks = i + 1; *kl = e > i + 1 ? e - i - 2 : 0;
    i = kinf__dj_ws(p, e, n);
    if (i >= n || p[i] != ':') { *it = n; return 0; }
    *vs = kinf__dj_ws(p, i + 1, n);
    *it = kinf__dj_skip(p, *vs, n);
    return *vs < n;
}
/* The next element of the array being walked (*it just after its '['). */
static int kinf__dj_elem(const char* p, size_t n, size_t* it, size_t* vs) {
    size_t i = kinf__dj_ws(p, *it, n);
    if (i < n && p[i] == ',') { i = kinf__dj_ws(p, i + 1, n); }
    if (i >= n || p[i] == ']') { *it = n; return 0; }
    *vs = i;
    *it = kinf__dj_skip(p, i, n);
    return 1;
}
/* the value of member name of the object at p[o], or n */
static size_t kinf__dj_get(const char* p, size_t n, size_t o, const char* name) {
    size_t it = o + 1, ks, kl, vs, nl = strlen(name);
    if (o >= n || p[o] != '{') { return n; }
    while (kinf__dj_member(p, n, &it, &ks, &kl, &vs)) {
        if (kl == nl && !memcmp(p + ks, name, nl)) { return vs; }
    }
    return n;
}
/* the string at p[v] without its quotes; 0 when it is not a string or has
   an escape (no name the API server gives has one) */
static int kinf__dj_str(const char* p, size_t n, size_t v, const char** s, size_t* l) {
    size_t e;
    if (v >= n || p[v] != '"') { return 0; }
    e = kinf__dj_str_end(p, v, n);
    if (e > n || e < v + 2 || memchr(p + v + 1, '\\', e - v - 2)) { return 0; }
    *s = p + v + 1; *l = e - v - 2;
    return 1;
}

/* >>discovery tables */
static const char* kinf__dc_s(const kinf__dtab* t, uint32_t off) { return t->pool + off; }
/* appends s[0..n) and a NUL to the pool; 0 when it is full */
static int kinf__dc_put(kinf_discovery_t* d, kinf__dtab* t, const char* s, size_t n, uint32_t* off) {
    if (n + 1 > d->names_bytes - t->used) { return 0; }
    *off = (uint32_t)t->used;
    if (n) { memcpy(t->pool + t->used, s, n); }
    t->pool[t->used + n] = 0;
    t->used += n + 1;
    return 1;
}
/* a name that may go into a request path: letters, digits, '.', '-', '_' */
static int kinf__dc_name_ok(const char* s, size_t n) {
    size_t i;
    if (n == 0 || n > 253) { return 0; }
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_')) { return 0; }
    }
    return 1;
}
static unsigned kinf__dc_verb(const char* s, size_t n) {
    static const char* const names[] = { "get", "list", "watch", "create", "update", "patch", "delete", "deletecollection" };
    unsigned k;
    for (k = 0; k < 8; k++) { if (strlen(names[k]) == n && !memcmp(names[k], s, n)) { return 1u << k; } }
    return 0;
}
/* the verbs of the array at p[v] */
static unsigned kinf__dc_verbs(const char* p, size_t n, size_t v) {
    size_t it = v + 1, e;
    const char* s;
    size_t l;
    unsigned m = 0;
    if (v >= n || p[v] != '[') { return 0; }
    while (kinf__dj_elem(p, n, &it, &e)) { if (kinf__dj_str(p, n, e, &s, &l)) { m |= kinf__dc_verb(s, l); } }
    return m;
}
/* the string array at p[v] as "a,b" in the pool (offset 0, "", when absent) */
static int kinf__dc_put_list(kinf_discovery_t* d, kinf__dtab* t, const char* p, size_t n, size_t v, uint32_t* off) {
    size_t it = v + 1, e, l;
    const char* s;
    int first = 1;
    *off = 0;
    if (v >= n || p[v] != '[') { return 1; }
    while (kinf__dj_elem(p, n, &it, &e)) {
        if (!kinf__dj_str(p, n, e, &s, &l) || !kinf__dc_name_ok(s, l)) { continue; }
        if (l + 2 > d->names_bytes - t->used) { return 0; }
        if (first) { *off = (uint32_t)t->used; first = 0; }
        else { t->pool[t->used - 1] = ','; } /* the last one's NUL becomes the comma */
        memcpy(t->pool + t->used, s, l); t->pool[t->used + l] = 0; t->used += l + 1;
    }
    return 1;
}
/* the spans of one resource as a document gives them */
typedef struct kinf__dspan {
    const char* plural; size_t pl;
    const char* singular; size_t sl;
    const char* kind; size_t kl;
    size_t shorts;                /* where its shortNames array is (n: none) */
    unsigned verbs;
    int namespaced;
} kinf__dspan;
/* Adds a resource of group/version (pool offsets) to the table the round
   fills, unless the group has it already (from a version preferred to this
   one). 0 when the table is full (logged; the resource is left out). */
static int kinf__dc_add(kinf_discovery_t* d, kinf__dtab* t, uint32_t g, uint32_t v, const char* p, size_t n, const kinf__dspan* sp) {
    kinf__dres r;
    size_t used = t->used;
    int i;
    const char* gs = kinf__dc_s(t, g);
    if (!kinf__dc_name_ok(sp->plural, sp->pl) || memchr(sp->plural, '/', sp->pl)) { return 1; } /* a subresource, or not a name */
    for (i = 0; i < t->n; i++) {
        const kinf__dres* o = &t->res[i];
        if (!strcmp(kinf__dc_s(t, o->group), gs) && strlen(kinf__dc_s(t, o->plural)) == sp->pl && !memcmp(kinf__dc_s(t, o->plural), sp->plural, sp->pl)) { return 1; }
    }
    memset(&r, 0, sizeof(r));
    r.group = g; r.version = v;
    r.verbs = (uint16_t)sp->verbs; r.namespaced = (uint8_t)(sp->namespaced != 0);
    if (t->n < d->max_res && kinf__dc_put(d, t, sp->plural, sp->pl, &r.plural) &&
        kinf__dc_put(d, t, sp->singular, kinf__dc_name_ok(sp->singular, sp->sl) ? sp->sl : 0, &r.singular) &&
        kinf__dc_put(d, t, sp->kind, kinf__dc_name_ok(sp->kind, sp->kl) ? sp->kl : 0, &r.kind) &&
        kinf__dc_put_list(d, t, p, n, sp->shorts, &r.shorts)) {
        size_t gl = strlen(gs);
        if (!gl) { r.name = r.plural; t->res[t->n++] = r; return 1; }
        if (sp->pl + 1 + gl + 1 <= d->names_bytes - t->used) {
            r.name = (uint32_t)t->used;
            memcpy(t->pool + t->used, sp->plural, sp->pl); t->pool[t->used + sp->pl] = '.';
            memcpy(t->pool + t->used + sp->pl + 1, gs, gl + 1);
            t->used += sp->pl + 1 + gl + 1;
            t->res[t->n++] = r;
            return 1;
        }
    }
    t->used = used;
    if (!d->left_out++) { /* the first one of the round is logged; kinf_discovery_stats counts them all */
        char nm[128];
        size_t k = sp->pl < 64 ? sp->pl : 64;
        memcpy(nm, sp->plural, k); nm[k] = 0;
        KINF__DC_ERR(d, DISCOVERY_FULL, nm, 0);
    }
    return 0;
}
/* a group or version name into the pool; 0 when it is not a name or the pool is full */
static int kinf__dc_put_name(kinf_discovery_t* d, kinf__dtab* t, const char* s, size_t l, int may_be_empty, uint32_t* off) {
    if (l == 0 && may_be_empty) { *off = 0; return 1; }
    if (!kinf__dc_name_ok(s, l)) { return 0; }
    return kinf__dc_put(d, t, s, l, off);
}
static int kinf__dc_queue_gv(kinf_discovery_t* d, uint32_t g, uint32_t v) {
    int i;
    for (i = 0; i < d->ngv; i++) { if (d->gv[i].group == g && d->gv[i].version == v) { return 1; } }
    if (d->ngv >= d->max_gv) {
        if (!d->left_out++) { KINF__DC_ERR(d, DISCOVERY_FULL, "max_group_versions", 0); }
        return 0;
    }
    d->gv[d->ngv].group = g; d->gv[d->ngv].version = v; d->ngv++;
    return 1;
}

/* >>discovery documents: each returns 0, or -1 for a malformed one */
/* An APIGroupDiscovery (an item of the aggregated list): metadata.name, and
   versions in preference order, each with its resources. */
static int kinf__dc_agg_group(kinf_discovery_t* d, const char* p, size_t n) {
    kinf__dtab* t = &d->tab[!d->cur];
    size_t md = kinf__dj_get(p, n, 0, "metadata"), nv = kinf__dj_get(p, n, 0, "versions"), it, ve;
    const char* s = "";
    size_t l = 0;
    uint32_t g;
    if (md < n && !kinf__dj_str(p, n, kinf__dj_get(p, n, md, "name"), &s, &l)) { s = ""; l = 0; }
    if (nv >= n || p[nv] != '[' || !kinf__dc_put_name(d, t, s, l, 1, &g)) { return -1; }
    it = nv + 1;
    while (kinf__dj_elem(p, n, &it, &ve)) {
        size_t rs = kinf__dj_get(p, n, ve, "resources"), rit, re;
        uint32_t v;
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, ve, "version"), &s, &l) || !kinf__dc_put_name(d, t, s, l, 0, &v)) { return -1; }
        if (rs >= n) { continue; }
        if (p[rs] != '[') { return -1; }
        rit = rs + 1;
        while (kinf__dj_elem(p, n, &rit, &re)) {
            kinf__dspan sp;
            size_t rk = kinf__dj_get(p, n, re, "responseKind");
            memset(&sp, 0, sizeof(sp));
            if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "resource"), &sp.plural, &sp.pl)) { return -1; }
            if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "singularResource"), &sp.singular, &sp.sl)) { sp.singular = ""; sp.sl = 0; }
            if (rk >= n || !kinf__dj_str(p, n, kinf__dj_get(p, n, rk, "kind"), &sp.kind, &sp.kl)) { sp.kind = ""; sp.kl = 0; }
            if (kinf__dj_str(p, n, kinf__dj_get(p, n, re, "scope"), &s, &l)) { sp.namespaced = l == 10 && !memcmp(s, "Namespaced", 10); }
            sp.verbs = kinf__dc_verbs(p, n, kinf__dj_get(p, n, re, "verbs"));
            sp.shorts = kinf__dj_get(p, n, re, "shortNames");
            kinf__dc_add(d, t, g, v, p, n, &sp);
        }
    }
    return 0;
}
/* APIVersions (/api, legacy): the core group's versions */
static int kinf__dc_api_versions(kinf_discovery_t* d, const char* p, size_t n) {
    kinf__dtab* t = &d->tab[!d->cur];
    size_t vs = kinf__dj_get(p, n, 0, "versions"), it, e, l;
    const char* s;
    uint32_t v;
    if (vs >= n || p[vs] != '[') { return -1; }
    it = vs + 1;
    while (kinf__dj_elem(p, n, &it, &e)) {
        if (!kinf__dj_str(p, n, e, &s, &l) || !kinf__dc_put_name(d, t, s, l, 0, &v)) { return -1; }
        if (!kinf__dc_queue_gv(d, 0, v)) { return 0; }
    }
    return 0;
}
/* APIGroupList (/apis, legacy): every group's versions, the preferred first */
static int kinf__dc_api_groups(kinf_discovery_t* d, const char* p, size_t n) {
    kinf__dtab* t = &d->tab[!d->cur];
    size_t gs = kinf__dj_get(p, n, 0, "groups"), it, ge, l;
    const char* s;
    if (gs >= n || p[gs] != '[') { return -1; }
    it = gs + 1;
    while (kinf__dj_elem(p, n, &it, &ge)) {
        size_t pv = kinf__dj_get(p, n, ge, "preferredVersion"), vs = kinf__dj_get(p, n, ge, "versions"), vit, ve;
        uint32_t g, v;
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, ge, "name"), &s, &l) || !kinf__dc_put_name(d, t, s, l, 0, &g)) { return -1; }
        if (pv < n && kinf__dj_str(p, n, kinf__dj_get(p, n, pv, "version"), &s, &l)) {
            if (!kinf__dc_put_name(d, t, s, l, 0, &v)) { return -1; }
            if (!kinf__dc_queue_gv(d, g, v)) { return 0; }
        }
        if (vs >= n || p[vs] != '[') { continue; }
        vit = vs + 1;
        while (kinf__dj_elem(p, n, &vit, &ve)) {
            size_t j;
            int seen = 0;
            if (!kinf__dj_str(p, n, kinf__dj_get(p, n, ve, "version"), &s, &l)) { return -1; }
            for (j = 0; j < (size_t)d->ngv; j++) {
                const char* q = kinf__dc_s(t, d->gv[j].version);
                if (d->gv[j].group == g && strlen(q) == l && !memcmp(q, s, l)) { seen = 1; }
            }
            if (seen) { continue; }
            if (!kinf__dc_put_name(d, t, s, l, 0, &v)) { return -1; }
            if (!kinf__dc_queue_gv(d, g, v)) { return 0; }
        }
    }
    return 0;
}
/* APIResourceList (/api/v1, /apis/G/V, legacy) of the group version gv */
static int kinf__dc_resource_list(kinf_discovery_t* d, const kinf__dgv* gv, const char* p, size_t n) {
    kinf__dtab* t = &d->tab[!d->cur];
    size_t rs = kinf__dj_get(p, n, 0, "resources"), it, re, l;
    const char* s;
    if (rs >= n || p[rs] != '[') { return -1; }
    it = rs + 1;
    while (kinf__dj_elem(p, n, &it, &re)) {
        kinf__dspan sp;
        size_t ns = kinf__dj_get(p, n, re, "namespaced");
        memset(&sp, 0, sizeof(sp));
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "name"), &sp.plural, &sp.pl)) { return -1; }
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "singularName"), &sp.singular, &sp.sl)) { sp.singular = ""; sp.sl = 0; }
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "kind"), &sp.kind, &sp.kl)) { sp.kind = ""; sp.kl = 0; }
        sp.namespaced = ns + 4 <= n && !memcmp(p + ns, "true", 4);
        sp.verbs = kinf__dc_verbs(p, n, kinf__dj_get(p, n, re, "verbs"));
        sp.shorts = kinf__dj_get(p, n, re, "shortNames");
        (void)s; (void)l;
        kinf__dc_add(d, t, gv->group, gv->version, p, n, &sp);
    }
    return 0;
}

/* >>discovery engine */
static int kinf__dc_ok(const kinf_discovery_t* d) { return d && d->magic == KINF__DISC_MAGIC; }
/* The round failed: backs off (800 ms doubling to 30 s, full jitter) and
   starts it over. */
static void kinf__dc_fail(kinf_discovery_t* d) {
    uint64_t delay = kinf__backoff_ms(800u, 30000u, &d->backoff_n, &d->rng);
    char num[21];
    kinf__conn_drop(&d->conn);
    d->st.failures++;
    d->phase = KINF__DP_BACKOFF;
    d->want_round = 1;
    d->backoff_until = d->conn.now + delay;
    KINF__DC_WARN(d, DISCOVERY_FAILED, kinf__utoa(num, delay), " ms");
}
static const char kinf__dc_accept_agg[] =
    "Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
    "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json\r\n";
/* The request bytes of kind d->dq (for KINF__DQ_GV, of d->gv[d->gvpos - 1]),
   with the token held now; 0 when they do not fit. */
static int kinf__dc_build(kinf_discovery_t* d) {
    char* w = d->wbuf;
    size_t cap = sizeof(d->wbuf), o = 0;
    int ok = 1, dq = d->dq;
    const kinf__dtab* t = &d->tab[!d->cur];
    d->reqpath[0] = 0;
    ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), d->prefix);
    if (dq == KINF__DQ_API) { ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), "/api"); }
    else if (dq == KINF__DQ_APIS) { ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), "/apis"); }
    else {
        const kinf__dgv* gv = &d->gv[d->gvpos - 1];
        const char* g = kinf__dc_s(t, gv->group);
        ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), g[0] ? "/apis/" : "/api");
        ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), g);
        ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), "/");
        ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), kinf__dc_s(t, gv->version));
    }
    ok &= kinf__put(w, cap, &o, "GET ");
    ok &= kinf__put(w, cap, &o, d->reqpath);
    ok &= kinf__conn_headers(&d->conn, w, cap, &o, (dq != KINF__DQ_GV && !d->legacy_only) ? kinf__dc_accept_agg : "Accept: application/json\r\n", 0);
    d->conn.wbuf = w; d->conn.wlen = o; d->conn.wpos = 0;
    return ok;
}
/* Starts the request of kind dq (for KINF__DQ_GV, of d->gv[d->gvpos - 1]). */
static void kinf__dc_request(kinf_discovery_t* d, int dq) {
    d->dq = dq;
    d->body_err = 0; d->body_agg = 0; d->got_doc = 0; d->msg[0] = 0;
    if (!kinf__dc_build(d)) { KINF__DC_ERR(d, CONFIG_TOO_LONG, "discovery request", 0); kinf__dc_fail(d); return; }
    d->st.requests++;
    kinf__conn_start(&d->conn);
}
static void kinf__dc_round_begin(kinf_discovery_t* d) {
    kinf__dtab* t = &d->tab[!d->cur];
    t->n = 0; t->used = 1; t->pool[0] = 0;
    d->ngv = 0; d->gvpos = 0; d->agg = 0; d->left_out = 0;
    d->want_round = 0;
    d->phase = KINF__DP_RUNNING;
    KINF__DC_INFO(d, DISCOVERY_START, d->legacy_only ? "legacy documents" : 0, 0);
    kinf__dc_request(d, KINF__DQ_API);
}
/* The next request of the round, or its end: the table it filled answers from now on. */
static void kinf__dc_next(kinf_discovery_t* d) {
    char num[21];
    if (d->dq == KINF__DQ_API) { kinf__dc_request(d, KINF__DQ_APIS); return; }
    if (d->gvpos < d->ngv) { d->gvpos++; kinf__dc_request(d, KINF__DQ_GV); return; }
    d->cur = !d->cur;
    d->st.rounds++;
    d->st.aggregated = d->agg;
    d->st.resources = (uint32_t)d->tab[d->cur].n;
    d->st.names_used = d->tab[d->cur].used;
    d->st.left_out = d->left_out;
    d->phase = KINF__DP_IDLE;
    d->backoff_n = 0;
    KINF__DC_INFO(d, DISCOVERY_DONE, kinf__utoa(num, (uint64_t)d->tab[d->cur].n), d->agg ? " resources (aggregated)" : " resources (legacy)");
}
/* the head names the aggregated form in its Content-Type */
static int kinf__dc_head_aggregated(const char* h, size_t n) {
    size_t i = 0;
    while (i < n) {
        size_t e = i;
        while (e < n && h[e] != '\n') { e++; }
        if (e - i > 13 && kinf__ieq(h + i, 13, "content-type:")) {
            return kinf__mem_has((const uint8_t*)h + i, e - i, "g=apidiscovery.k8s.io") &&
                   kinf__mem_has((const uint8_t*)h + i, e - i, "as=APIGroupDiscoveryList");
        }
        i = e + 1;
    }
    return 0;
}
/* One record framed by the scanner: a document, one group of the
   aggregated list, or an error response's Status. 0, or -1: the round fails. */
static int kinf__dc_record(kinf_discovery_t* d) {
    const char* p = (const char*)d->doc;
    size_t n = d->scan.ev_len;
    int r;
    if (n > d->st.doc_peak) { d->st.doc_peak = n; }
    if (d->conn.resp.status != 200) {
        size_t v = d->scan.rec_over ? n : kinf__dj_get(p, n, 0, "message");
        if (v < n && p[v] == '"') {
            const char* s = p + v + 1;
            size_t l = kinf__dj_str_end(p, v, n) - v - 2, o = 0, k;
            static const char pre[] = " (server: ";
            memcpy(d->msg, pre, sizeof(pre) - 1); o = sizeof(pre) - 1;
            for (k = 0; k < l && o + 5 < sizeof(d->msg); k++) { d->msg[o++] = (s[k] < 0x20 || s[k] == 0x7f || s[k] == '"') ? '?' : s[k]; }
            if (k < l) { memcpy(d->msg + o, "...", 3); o += 3; }
            d->msg[o++] = ')'; d->msg[o] = 0;
        }
        return 0;
    }
    if (d->scan.rec_over) { KINF__DC_ERR(d, DISCOVERY_TOO_LARGE, d->reqpath, 0); return -1; }
    if (d->body_agg) {
        r = kinf__dc_agg_group(d, p, n);
    } else {
        if (d->got_doc) { KINF__DC_ERR(d, DISCOVERY_MALFORMED, d->reqpath, " (two documents)"); return -1; }
        d->got_doc = 1;
        r = d->dq == KINF__DQ_API ? kinf__dc_api_versions(d, p, n) :
            d->dq == KINF__DQ_APIS ? kinf__dc_api_groups(d, p, n) : kinf__dc_resource_list(d, &d->gv[d->gvpos - 1], p, n);
    }
    if (r < 0) { KINF__DC_ERR(d, DISCOVERY_MALFORMED, d->reqpath, 0); }
    return r;
}
/* body bytes into the scanner; -1 when the round fails */
static int kinf__dc_feed(kinf_discovery_t* d, const uint8_t* b, size_t k) {
    while (k > 0 && !d->body_err) {
        size_t used = kinf__scan_feed(&d->scan, b, k);
        if (d->scan.err) {
            if (d->conn.resp.status != 200) { d->body_err = 1; return 0; } /* not a Status: no message */
            KINF__DC_ERR(d, DISCOVERY_MALFORMED, d->reqpath, d->scan.err == 2 ? " (nested too deep)" : KINF__SCAN_WHY(d->scan.err, " (not UTF-8)", 0));
            return -1;
        }
        if (d->scan.rec_done) {
            d->scan.rec_done = 0;
            if (kinf__dc_record(d) != 0) { return -1; }
            d->scan.ev_len = 0;
        }
        if (used == 0 && !d->scan.rec_done) { break; }
        b += used; k -= used;
    }
    return 0;
}
/* the response head is in: an aggregated list frames one group per record,
   so memory for the largest group, not the list */
static int kinf__dc_head(void* owner) {
    kinf_discovery_t* d = (kinf_discovery_t*)owner;
    d->body_agg = d->conn.resp.status == 200 && d->dq != KINF__DQ_GV && kinf__dc_head_aggregated(d->conn.head, d->conn.hlen);
    if (d->body_agg) { d->agg = 1; }
    kinf__scan_reset(&d->scan, d->body_agg);
    d->scan.ev_len = 0;
    return 0;
}
/* body bytes into the scanner (kinf__conn_drain's take) */
static int kinf__dc_take(void* owner, const uint8_t* b, size_t n) { return kinf__dc_feed((kinf_discovery_t*)owner, b, n); }
/* The response is whole: the next request, the round's end, or its failure. */
static void kinf__dc_response_done(kinf_discovery_t* d) {
    int status = d->conn.resp.status;
    char num[21];
    kinf__conn_finished(&d->conn);
    d->conn.cstate = KINF__C_NONE;
    if (status == 200) {
        if (d->body_agg ? !d->scan.root_done : !d->got_doc) {
            KINF__DC_ERR(d, DISCOVERY_MALFORMED, d->reqpath, " (incomplete)");
            kinf__dc_fail(d);
            return;
        }
        kinf__dc_next(d);
        return;
    }
    if (d->dq == KINF__DQ_GV && (status == 404 || status == 403 || status == 503)) {
        /* as kubectl: one group version that cannot be read (an aggregated
           API server down, a CRD deleted meanwhile) leaves its resources out */
        d->st.skipped_groups++;
        KINF__DC_WARN(d, DISCOVERY_GROUP_SKIPPED, d->reqpath, kinf__utoa(num, (uint64_t)status));
        kinf__dc_next(d);
        return;
    }
    if (status == 401) {
        KINF__DC_ERR(d, UNAUTHORIZED, d->reqpath, d->msg);
        kinf__conn_unauthorized(&d->conn);
    } else if (status == 403) {
        KINF__DC_ERR(d, FORBIDDEN, d->reqpath, d->msg);
    } else {
        KINF__DC_ERR(d, HTTP_STATUS, kinf__utoa(num, (uint64_t)status), d->msg);
    }
    kinf__dc_fail(d);
}
/* Starts a round when one is wanted, ends a backoff, takes body bytes,
   finishes a response. */
static void kinf__dc_advance(void* owner) {
    kinf_discovery_t* d = (kinf_discovery_t*)owner;
    if (d->stop) { return; }
    if (d->phase == KINF__DP_BACKOFF && d->conn.now >= d->backoff_until) { d->phase = KINF__DP_IDLE; }
    if (d->phase == KINF__DP_IDLE && d->want_round) { kinf__dc_round_begin(d); }
    if (d->phase != KINF__DP_RUNNING || d->conn.cstate != KINF__C_RECV) { return; }
    if (kinf__conn_drain(&d->conn, kinf__dc_take, d) != 0) { kinf__dc_fail(d); return; }
    if (d->conn.body_done) { kinf__dc_response_done(d); }
}
/* The exchange ended without a whole response: the round fails. */
static void kinf__dc_lost(void* owner, int why, uint32_t item) {
    kinf_discovery_t* d = (kinf_discovery_t*)owner;
    (void)item;
    if (why == KINF__LOST_CLOSED) { KINF__DC_WARN(d, CONNECTION_CLOSED, d->reqpath, 0); }
    else if (why == KINF__LOST_IDLE) { KINF__DC_WARN(d, IDLE_TIMEOUT, d->reqpath, 0); }
    else if (why == KINF__LOST_FAILED && d->conn.cstate == KINF__C_NONE) { return; }
    kinf__dc_fail(d);
}
static unsigned kinf__dc_gate(const void* owner) {
    const kinf_discovery_t* d = (const kinf_discovery_t*)owner;
    if (d->stop) { return KINF__HALT; }
    return (d->phase == KINF__DP_RUNNING ? (unsigned)KINF_ENG_TOKEN : 0u) | KINF_ENG_RECV;
}
static uint64_t kinf__dc_deadline(const void* owner) {
    const kinf_discovery_t* d = (const kinf_discovery_t*)owner;
    if (d->phase == KINF__DP_IDLE && d->want_round) { return d->conn.now; }
    return d->phase == KINF__DP_BACKOFF ? d->backoff_until : UINT64_MAX;
}
static int kinf__dc_rebuild(void* owner) { return kinf__dc_build((kinf_discovery_t*)owner); }
static void kinf__dc_log_op(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__dc_log((kinf_discovery_t*)owner, level, item, d1, d2, line);
}
static const kinf__conn_ops kinf__dc_ops = {
    kinf__dc_advance, kinf__dc_rebuild, kinf__dc_head, kinf__dc_lost, kinf__dc_gate, kinf__dc_deadline, 0, kinf__dc_log_op
};
KINF_API kinf_engine_t* kinf_discovery_engine(kinf_discovery_t* d) { return kinf__dc_ok(d) ? &d->conn : 0; }

#ifndef KINF_ENGINE_ONLY
/* >>discovery driver  the built-in driver over its connection */
KINF_API int kinf_discovery_fd(kinf_discovery_t* d) { return kinf__dc_ok(d) ? kinf__drv_fd(&d->conn) : -1; }
KINF_API unsigned kinf_discovery_wants(kinf_discovery_t* d) { return kinf__dc_ok(d) ? kinf__drv_wants(&d->conn) : 0u; }
KINF_API uint32_t kinf_discovery_fd_generation(kinf_discovery_t* d) { return kinf__dc_ok(d) ? d->conn.sock_gen : 0u; }
KINF_API int kinf_discovery_timeout_ms(kinf_discovery_t* d) {
    if (!kinf__dc_ok(d)) { return -1; }
    return d->stop && !d->conn.own_transport ? 0 : kinf__drv_timeout(&d->conn);
}
KINF_API int kinf_discovery_poll(kinf_discovery_t* d, int timeout_ms) {
    if (!kinf__dc_ok(d)) { return KINF_ERR_INVAL; }
    if (d->conn.own_transport) { KINF__DC_ERR(d, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    if (!d->stop) { kinf__drv_poll(&d->conn, timeout_ms); } /* stopped: no wait, no I/O */
    return KINF_OK;
}
KINF_API int kinf_discovery_run(kinf_discovery_t* d, int timeout_ms) {
    uint64_t t0, rounds, fails;
    if (!kinf__dc_ok(d)) { return KINF_ERR_INVAL; }
    if (d->conn.own_transport) { KINF__DC_ERR(d, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    rounds = d->st.rounds; fails = d->st.failures;
    if (d->phase == KINF__DP_BACKOFF) { d->phase = KINF__DP_IDLE; } /* asked for now: no waiting out the backoff */
    kinf_discovery_refresh(d);
    t0 = kinf_now_ms();
    while (!d->stop) {
        int wait = 1000;
        if (timeout_ms >= 0) {
            uint64_t el = kinf_now_ms() - t0;
            if (el >= (uint64_t)timeout_ms) { return KINF_ERR_STATE; }
            if ((uint64_t)timeout_ms - el < (uint64_t)wait) { wait = (int)((uint64_t)timeout_ms - el); }
        }
        kinf_discovery_poll(d, wait);
        if (d->st.rounds != rounds) { return KINF_OK; }
        if (d->st.failures != fails) { return KINF_ERR_IO; }
    }
    return KINF_ERR_STATE;
}
#endif

/* >>discovery lookups */
static void kinf__dc_view(const kinf__dtab* t, const kinf__dres* r, kinf_resource_t* out) {
    out->name = kinf__dc_s(t, r->name); out->group = kinf__dc_s(t, r->group); out->version = kinf__dc_s(t, r->version);
    out->plural = kinf__dc_s(t, r->plural); out->singular = kinf__dc_s(t, r->singular); out->kind = kinf__dc_s(t, r->kind);
    out->short_names = kinf__dc_s(t, r->shorts);
    out->namespaced = r->namespaced; out->verbs = r->verbs;
}
/* a[0..n) and b[0..n) equal, ignoring ASCII case */
static int kinf__dc_ispan(const char* a, const char* b, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') { x = (char)(x - 'A' + 'a'); }
        if (y >= 'A' && y <= 'Z') { y = (char)(y - 'A' + 'a'); }
        if (x != y) { return 0; }
    }
    return 1;
}
/* the C string a is b[0..bn), ignoring ASCII case */
static int kinf__dc_ieqn(const char* a, const char* b, size_t bn) { return strlen(a) == bn && kinf__dc_ispan(a, b, bn); }
/* s[0..n) is one of the comma-separated names of list, ignoring case */
static int kinf__dc_in_list(const char* list, const char* s, size_t n) {
    while (*list) {
        const char* e = strchr(list, ',');
        size_t l = e ? (size_t)(e - list) : strlen(list);
        if (l == n && kinf__dc_ispan(list, s, n)) { return 1; }
        if (!e) { break; }
        list = e + 1;
    }
    return 0;
}
/* the first resource (in group g and version v, when given) that name[0..n)
   names: by plural, then singular, then short name, then Kind; -1 none */
static int kinf__dc_find(const kinf__dtab* t, const char* name, size_t n, const char* g, size_t gl, const char* v, size_t vl) {
    int how, i;
    for (how = 0; how < 4; how++) {
        for (i = 0; i < t->n; i++) {
            const kinf__dres* r = &t->res[i];
            const char* s;
            int hit;
            if (g && !kinf__dc_ieqn(kinf__dc_s(t, r->group), g, gl)) { continue; }
            if (v && strlen(kinf__dc_s(t, r->version)) != vl) { continue; }
            if (v && memcmp(kinf__dc_s(t, r->version), v, vl) != 0) { continue; }
            s = kinf__dc_s(t, how == 0 ? r->plural : how == 1 ? r->singular : how == 2 ? r->shorts : r->kind);
            hit = how == 2 ? kinf__dc_in_list(s, name, n) : (s[0] && kinf__dc_ieqn(s, name, n));
            if (hit) { return i; }
        }
    }
    return -1;
}
/* quiet: nothing logged (the factory matching its capacity rows) */
static int kinf__dc_resolve(kinf_discovery_t* d, const char* name, kinf_resource_t* out, int quiet) {
    const kinf__dtab* t;
    const char* dot;
    size_t n;
    int i = -1;
    if (!kinf__dc_ok(d) || !name || !out) { return KINF_ERR_INVAL; }
    if (!d->st.rounds) { if (!quiet) { KINF__DC_ERR(d, NOT_DISCOVERED, name, 0); } return KINF_ERR_STATE; }
    t = &d->tab[d->cur];
    n = strlen(name);
    if (name[0] == '/') {
        /* /api/V/PLURAL or /apis/G/V/PLURAL: that group's resource, at the version named */
        const char* segs[4];
        size_t lens[4];
        int k = 0;
        const char* p = name + 1;
        while (k < 4 && *p) {
            const char* e = strchr(p, '/');
            segs[k] = p; lens[k] = e ? (size_t)(e - p) : strlen(p);
            k++;
            if (!e) { p = ""; break; }
            p = e + 1;
        }
        if (*p == 0 && k == 3 && lens[0] == 3 && !memcmp(segs[0], "api", 3) && lens[2] && lens[1] < sizeof(d->pv)) {
            i = kinf__dc_find(t, segs[2], lens[2], "", 0, 0, 0);
            if (i >= 0 && (strlen(kinf__dc_s(t, t->res[i].plural)) != lens[2] || memcmp(kinf__dc_s(t, t->res[i].plural), segs[2], lens[2]))) { i = -1; }
            if (i >= 0) { memcpy(d->pv, segs[1], lens[1]); d->pv[lens[1]] = 0; }
        } else if (*p == 0 && k == 4 && lens[0] == 4 && !memcmp(segs[0], "apis", 4) && lens[3] && lens[2] < sizeof(d->pv)) {
            i = kinf__dc_find(t, segs[3], lens[3], segs[1], lens[1], 0, 0);
            if (i >= 0 && (strlen(kinf__dc_s(t, t->res[i].plural)) != lens[3] || memcmp(kinf__dc_s(t, t->res[i].plural), segs[3], lens[3]))) { i = -1; }
            if (i >= 0) { memcpy(d->pv, segs[2], lens[2]); d->pv[lens[2]] = 0; }
        }
        if (i >= 0) { kinf__dc_view(t, &t->res[i], out); out->version = d->pv; return KINF_OK; }
    } else if ((dot = strchr(name, '.')) != 0) {
        /* NAME.GROUP, else NAME.VERSION.GROUP */
        size_t rl = (size_t)(dot - name);
        const char* rest = dot + 1;
        const char* dot2 = strchr(rest, '.');
        if (rl && *rest) { i = kinf__dc_find(t, name, rl, rest, strlen(rest), 0, 0); }
        if (i < 0 && rl && dot2 && dot2 > rest && dot2[1] && (size_t)(dot2 - rest) < sizeof(d->pv)) {
            /* the version named need not be the one discovery prefers: the informer reads that one */
            i = kinf__dc_find(t, name, rl, dot2 + 1, strlen(dot2 + 1), 0, 0);
            if (i >= 0) {
                memcpy(d->pv, rest, (size_t)(dot2 - rest)); d->pv[dot2 - rest] = 0;
                kinf__dc_view(t, &t->res[i], out); out->version = d->pv;
                return KINF_OK;
            }
        }
    } else if (n) {
        i = kinf__dc_find(t, name, n, 0, 0, 0, 0);
    }
    if (i < 0) { if (!quiet) { KINF__DC_ERR(d, UNKNOWN_RESOURCE, name, 0); } return KINF_ERR_INVAL; }
    kinf__dc_view(t, &t->res[i], out);
    return KINF_OK;
}
KINF_API int kinf_discovery_resolve(kinf_discovery_t* d, const char* name, kinf_resource_t* out) { return kinf__dc_resolve(d, name, out, 0); }
KINF_API int kinf_discovery_count(kinf_discovery_t* d) { return kinf__dc_ok(d) ? d->tab[d->cur].n : 0; }
KINF_API int kinf_discovery_at(kinf_discovery_t* d, int i, kinf_resource_t* out) {
    if (!kinf__dc_ok(d) || !out || i < 0 || i >= d->tab[d->cur].n) { return 0; }
    kinf__dc_view(&d->tab[d->cur], &d->tab[d->cur].res[i], out);
    return 1;
}
KINF_API int kinf_discovery_refresh(kinf_discovery_t* d) {
    if (!kinf__dc_ok(d)) { return KINF_ERR_INVAL; }
    d->want_round = 1;
    return KINF_OK;
}
KINF_API int kinf_discovery_state(kinf_discovery_t* d) {
    if (!kinf__dc_ok(d)) { return KINF_DISC_NONE; }
    if (d->phase == KINF__DP_RUNNING || (d->phase == KINF__DP_IDLE && d->want_round)) { return KINF_DISC_RUNNING; }
    if (d->phase == KINF__DP_BACKOFF) { return KINF_DISC_BACKOFF; }
    return d->st.rounds ? KINF_DISC_DONE : KINF_DISC_NONE;
}
KINF_API uint64_t kinf_discovery_rounds(kinf_discovery_t* d) { return kinf__dc_ok(d) ? d->st.rounds : 0; }
KINF_API kinf_discovery_stats_t kinf_discovery_stats(kinf_discovery_t* d) {
    kinf_discovery_stats_t s;
    memset(&s, 0, sizeof(s));
    if (!kinf__dc_ok(d)) { return s; }
    s = d->st;
    s.bytes_read = d->conn.bytes_read; s.bytes_written = d->conn.bytes_written;
    s.max_resources = (uint32_t)d->max_res;
    s.names_capacity = d->names_bytes;
    s.doc_capacity = d->doc_bytes;
    s.mem_used = d->mem_layout; s.mem_capacity = d->mem_size;
    return s;
}
KINF_API void kinf_discovery_shutdown(kinf_discovery_t* d) {
    if (!kinf__dc_ok(d)) { return; }
#ifndef KINF_ENGINE_ONLY
    kinf__sock_close(&d->conn);
#endif
    kinf__conn_drop(&d->conn);
    d->conn.close_wanted = 0;
    if (d->phase == KINF__DP_RUNNING) { d->phase = KINF__DP_IDLE; d->want_round = 1; }
}

/* >>discovery setup */
typedef struct kinf__dc_layout_t { size_t res[2], pool[2], gv, doc, conn, total; } kinf__dc_layout_t;
static void kinf__dc_defaults(const kinf_discovery_desc_t* in, kinf_discovery_desc_t* o, kinf_conn_desc_t* conn) {
    *o = *in;
    if (o->max_resources <= 0) { o->max_resources = 256; }
    if (o->max_resources > 65535) { o->max_resources = 65535; }
    if (o->names_bytes == 0) { o->names_bytes = (size_t)o->max_resources * 64u; }
    if (o->names_bytes < 256) { o->names_bytes = 256; }
    if (o->names_bytes > (16u << 20)) { o->names_bytes = 16u << 20; }
    if (o->max_group_versions <= 0) { o->max_group_versions = 128; }
    if (o->max_group_versions > 4096) { o->max_group_versions = 4096; }
    if (o->doc_bytes == 0) { o->doc_bytes = 64u * 1024u; }
    if (o->doc_bytes < 4096) { o->doc_bytes = 4096; }
    if (o->doc_bytes > (64u << 20)) { o->doc_bytes = 64u << 20; }
    *conn = kinf__conn_desc_for(in->connection, in->conn);
}
static kinf__dc_layout_t kinf__dc_layout(const kinf_discovery_desc_t* o, const kinf_conn_desc_t* conn) {
    kinf__dc_layout_t l;
    size_t p = kinf__align8(sizeof(struct kinf_discovery_t));
    int k;
    for (k = 0; k < 2; k++) {
        l.res[k] = p; p = kinf__align8(p + (size_t)o->max_resources * sizeof(kinf__dres));
        l.pool[k] = p; p = kinf__align8(p + o->names_bytes);
    }
    l.gv = p; p = kinf__align8(p + (size_t)o->max_group_versions * sizeof(kinf__dgv));
    l.doc = p; p = kinf__align8(p + o->doc_bytes);
    l.total = kinf__conn_layout_end(p, &l.conn, conn);
    return l;
}
KINF_API size_t kinf_discovery_size(const kinf_discovery_desc_t* desc) {
    kinf_discovery_desc_t o;
    kinf_conn_desc_t conn;
    if (!desc) { return 0; }
    kinf__dc_defaults(desc, &o, &conn);
    return kinf__dc_layout(&o, &conn).total;
}
KINF_API kinf_discovery_t* kinf_discovery_init(void* mem, size_t size, const kinf_discovery_desc_t* desc) {
    kinf_discovery_desc_t o;
    kinf_conn_desc_t conn;
    kinf__dc_layout_t l;
    kinf_discovery_t* d;
    uint8_t* base;
    int k;
    if (!mem || !desc) { return 0; }
    kinf__dc_defaults(desc, &o, &conn);
    l = kinf__dc_layout(&o, &conn);
    base = kinf__conn_base(mem, size, l.total, &conn, "discovery");
    if (!base) { return 0; }
    d = (kinf_discovery_t*)(void*)base;
    memset(d, 0, sizeof(*d));
    d->logger = conn.logger;
    kinf__strlcpy(d->tag, conn.tag ? conn.tag : "kinformer", sizeof(d->tag));
    d->max_res = o.max_resources; d->max_gv = o.max_group_versions;
    d->names_bytes = o.names_bytes; d->doc_bytes = o.doc_bytes;
    d->legacy_only = (uint8_t)(o.legacy_only != 0);
    d->mem_size = size; d->mem_layout = l.total;
    for (k = 0; k < 2; k++) {
        d->tab[k].res = (kinf__dres*)(void*)(base + l.res[k]);
        d->tab[k].pool = (char*)(base + l.pool[k]);
        d->tab[k].pool[0] = 0; d->tab[k].used = 1; d->tab[k].n = 0;
    }
    d->gv = (kinf__dgv*)(void*)(base + l.gv);
    d->doc = base + l.doc;
    if (!kinf__conn_setup(&d->conn, &conn, &kinf__dc_ops, d, base + l.conn, d->prefix, sizeof(d->prefix))) { return 0; }
    d->conn.retry_stale = 1;
    d->conn.where = d->reqpath;
    d->rng = kinf__drv_seed(conn.random_seed);
    d->scan.ev = d->doc; d->scan.ev_cap = d->doc_bytes;
    d->scan.rules = 0;
    for (k = 0; k < KINF__CAP_COUNT; k++) { d->scan.cbuf[k] = d->capbuf[k]; d->scan.ccap[k] = sizeof(d->capbuf[k]); }
    d->magic = KINF__DISC_MAGIC;
    return d;
}
#endif /* KINF_NO_FACTORY */
#ifndef KINF_NO_FACTORY
/* >>factory  informers in one block, shared by what they watch: one slot per
   (resource, namespace, selectors), the kept paths' union until it starts,
   one poll step for all, and the discovery that names their resources */
#define KINF__FACT_MAGIC 0x6b666163u
#define KINF__FA_KEEP 2048            /* the kept paths of one informer, NUL-separated */
#define KINF__FA_NAMES 1024           /* its resource's names, NUL-separated */
/* a slot: free, its informer polled, or its resource gone from discovery (not polled) */
typedef enum kinf__fe_state { KINF__FE_FREE = 0, KINF__FE_LIVE, KINF__FE_GONE } kinf__fe_state;
typedef struct kinf__fent {
    kinf_informer_t* inf;
    struct kinf_factory_t* f;
    uint8_t state;                /* kinf__fe_state */
    uint8_t whole;                /* a consumer reads every field: no keep rule */
    int nkeep;
    char keep[KINF__FA_KEEP];
    char names[KINF__FA_NAMES];   /* name, group, version, plural, singular, kind, short names */
    int namespaced;
    unsigned verbs;
    int reg;                      /* its share of the block: an index of kinf_factory_t.reg */
    size_t aoff, asz;             /* with a store budget: its segment, at region + aoff, asz bytes: its store, then its tables */
    size_t floor, cap;            /* the store bytes it keeps whatever others need, and the most it takes */
    int ofloor;                   /* the objects its tables keep whatever others need */
    uint8_t starved;              /* KINF__FA_BYTES, KINF__FA_OBJS: the budget refused it bytes or objects, logged; cleared when it grows */
} kinf__fent;
/* >>factory shares  The block's informer shares: one per capacity row, sized
   from it, then max_inf - caps_n of base's size. A share is taken by one
   informer for the factory's life (a row's, by its resource's first). */
typedef struct kinf__freg {
    size_t off, bytes;            /* from the block's informer area */
    int row;                      /* its row of caps, -1: base's capacities */
    int taken;
} kinf__freg;
struct kinf_factory_t {
    uint32_t magic;
    kinf_desc_t base;
    kinf_logger_t logger;
    char tag[32];
    char logbuf[400];
    int max_inf, n_hi;            /* slots, and slots used so far */
    size_t slot_bytes, fixed_bytes, mem_size;
    kinf__fent* ent;
    kinf__freg* reg;              /* max_inf shares */
    const kinf_factory_caps_t* caps;
    int caps_n;
    uint8_t was_full;             /* the last kinf__fa_get found no share free */
    uint64_t caps_warned_round;   /* the discovery round a row naming no resource was warned of */
    uint8_t* slots;
    struct pollfd* pfd;           /* max_inf + 1 */
    kinf_discovery_t* disc;
    int started, all_mode, rediscover_ms;
    uint8_t rediscover_due;       /* an informer was told 404: its resource may be gone */
    kinf_informer_req_t all_req;
    uint64_t seen_rounds, next_rediscover, rediscoveries;
    uint8_t asking;               /* inside kinf_factory_informer or kinf_factory_all: a refusal is kept */
    uint32_t why_item;            /* the refusal of the last of those calls (kinf_factory_why), 0: none */
    char why[256];
    /* the store budget (desc.store_budget): the informers' stores back to
       back in region, in kinf__fent order; granted bytes of budget hold them */
    uint8_t* region;
    size_t budget, granted;
    size_t base_floor, base_cap;  /* desc.store_floor, store_cap */
    int base_ofloor;              /* desc.objects_floor (0: KINF__FA_OBJ_FLOOR) */
    uint8_t pack_failed;          /* a pack this poll step found too little: no other until the next */
    uint64_t moves;
    volatile int stop;
};
/* Keeps the first refusal of the call being made, for kinf_factory_why: text
   as the logger got it, or NULL to make it from d1 and d2. */
static void kinf__fa_note(kinf_factory_t* f, uint32_t item, const char* text, const char* d1, const char* d2) {
    if (!f->asking || f->why_item) { return; }
    f->why_item = item;
    kinf__why_line(f->why, sizeof(f->why), item, text, d1, d2);
}
static void kinf__fa_log(kinf_factory_t* f, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    if (level <= KINF_LOG_ERROR) { kinf__fa_note(f, item, 0, d1, d2); }
    kinf__log2(&f->logger, f->tag, level, item, line, f->logbuf, sizeof(f->logbuf), d1, d2);
}
#define KINF__FA_ERR(f, item, d1, d2) kinf__fa_log((f), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
/* an informer's log lines go to the caller's logger; a 404 may mean its
   resource left discovery, so the factory asks discovery again; an error
   while it is being made (kinf_init's refusal, its rules) is the request's */
static void kinf__fa_inf_log(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    kinf__fent* e = (kinf__fent*)user;
    if (item == KINF_LOGITEM_NOT_FOUND && e->f) { e->f->rediscover_due = 1; }
    if (level <= KINF_LOG_ERROR && e->f) { kinf__fa_note(e->f, item, msg ? msg : "", 0, 0); }
    if (e->f && e->f->logger.func) { e->f->logger.func(tag, level, item, msg, line, file, e->f->logger.user); }
}
static int kinf__fa_ok(const kinf_factory_t* f) { return f && f->magic == KINF__FACT_MAGIC; }
/* the i-th NUL-separated string of s */
static const char* kinf__fa_part(const char* s, int i) {
    while (i-- > 0) { s += strlen(s) + 1; }
    return s;
}
static void kinf__fa_view(const kinf__fent* e, kinf_resource_t* out) {
    out->name = kinf__fa_part(e->names, 0); out->group = kinf__fa_part(e->names, 1); out->version = kinf__fa_part(e->names, 2);
    out->plural = kinf__fa_part(e->names, 3); out->singular = kinf__fa_part(e->names, 4); out->kind = kinf__fa_part(e->names, 5);
    out->short_names = kinf__fa_part(e->names, 6);
    out->namespaced = e->namespaced; out->verbs = e->verbs;
}
static int kinf__fa_set_names(kinf__fent* e, const kinf_resource_t* r) {
    const char* parts[7];
    size_t o = 0, n;
    int i;
    parts[0] = r->name; parts[1] = r->group; parts[2] = r->version; parts[3] = r->plural;
    parts[4] = r->singular; parts[5] = r->kind; parts[6] = r->short_names;
    for (i = 0; i < 7; i++) {
        n = strlen(parts[i]);
        if (o + n + 1 > sizeof(e->names)) { return 0; }
        memcpy(e->names + o, parts[i], n + 1); o += n + 1;
    }
    e->namespaced = r->namespaced; e->verbs = r->verbs;
    return 1;
}
/* kept covers p: the same path, or an ancestor of it */
static int kinf__fa_covers(const char* kept, const char* p) {
    size_t n = strlen(kept);
    return !strncmp(kept, p, n) && (p[n] == 0 || p[n] == '.');
}
/* Merges paths into a kept set (NUL-separated in buf, *n of them): a path
   already covered adds nothing, and one added drops those it covers. 0 when
   the set does not fit buf. */
static int kinf__fa_merge(char* buf, size_t cap, int* n, const char* const* paths, int np) {
    int i;
    for (i = 0; i < np; i++) {
        const char* p = paths[i];
        char* q = buf;
        size_t used = 0, pl;
        int k, covered = 0;
        if (!p || !*p) { continue; }
        for (k = 0; k < *n && !covered; k++, q += strlen(q) + 1) { covered = kinf__fa_covers(q, p); }
        if (covered) { continue; }
        /* drop the paths p covers, compacting the rest */
        q = buf;
        for (k = 0; k < *n; ) {
            size_t ql = strlen(q) + 1;
            if (kinf__fa_covers(p, q)) {
                memmove(q, q + ql, cap - (size_t)(q - buf) - ql);
                (*n)--;
            } else { q += ql; k++; }
        }
        for (k = 0, q = buf; k < *n; k++) { q += strlen(q) + 1; }
        used = (size_t)(q - buf);
        pl = strlen(p) + 1;
        if (used + pl > cap) { return 0; }
        memcpy(buf + used, p, pl);
        (*n)++;
    }
    return 1;
}
/* The informer's projection rules from a kept set (whole: none), and base's
   drops, as kinf_init makes them; the informer has not started. 0 (logged)
   when they are not valid; the rules are then left as they were. */
static int kinf__fa_rules(kinf_factory_t* f, kinf_informer_t* inf, int whole, const char* keep, int nkeep) {
    kinf__rules r;
    const kinf_desc_t* b = &f->base;
    const char* p = keep;
    int i;
    memset(&r, 0, sizeof(r));
    if (!whole) {
        if (nkeep > KINF_MAX_RULES) { KINF__ERR(inf, CONFIG_TOO_MANY_RULES, 0, 0); return 0; }
        for (i = 0; i < nkeep; i++, p += strlen(p) + 1) {
            if (!kinf__rule_parse(&r, &r.keep[r.nkeep++], p)) { KINF__ERR(inf, CONFIG_BAD_PATH, p, 0); return 0; }
        }
    }
#ifndef KINF_NO_METADATA_ONLY
    if (b->metadata_only && kinf__meta_rules(&r) >= 0) { KINF__ERR(inf, CONFIG_BAD_PATH, "metadata_only: keep paths under metadata", 0); return 0; }
#endif
#ifndef KINF_NO_SELECTOR
    if (!kinf__sel_rules(&r, &inf->sel, b->metadata_only != 0)) { KINF__ERR(inf, CONFIG_TOO_MANY_RULES, " (with the paths the selectors read)", 0); return 0; }
#endif
    if (!b->no_default_drop) { kinf__rule_parse(&r, &r.drop[r.ndrop++], "metadata.managedFields"); }
    for (i = 0; i < b->drop_count; i++) {
        if (r.ndrop >= KINF_MAX_RULES) { KINF__ERR(inf, CONFIG_TOO_MANY_RULES, 0, 0); return 0; }
        if (!kinf__rule_parse(&r, &r.drop[r.ndrop++], b->drop[i])) { KINF__ERR(inf, CONFIG_BAD_PATH, b->drop[i], 0); return 0; }
    }
#ifndef KINF_NO_SELECTOR
    kinf__sel_settle(&inf->sel, &r);
#endif
    inf->rules = r;
    return 1;
}
/* the request path kinf_init makes for resource r in namespace ns */
static int kinf__fa_path(kinf_factory_t* f, const kinf_resource_t* r, const char* ns, char* out, size_t cap) {
    int ok = 1;
    out[0] = 0;
    ok &= kinf__cat(out, cap, f->disc->prefix);
    ok &= kinf__cat(out, cap, r->group[0] ? "/apis/" : "/api");
    ok &= kinf__cat(out, cap, r->group);
    ok &= kinf__cat(out, cap, "/");
    ok &= kinf__cat(out, cap, r->version);
    if (ns && ns[0]) { ok &= kinf__cat(out, cap, "/namespaces/"); ok &= kinf__cat(out, cap, ns); }
    ok &= kinf__cat(out, cap, "/");
    ok &= kinf__cat(out, cap, r->plural);
    return ok;
}
/* a share's own store under a store budget: none to speak of (its arena and tables are the budget's) */
#define KINF__FA_NO_STORE 8u
/* base's descriptor with row c's capacities (c 0: base's own); budget: the
   share holds no store */
static void kinf__fa_row_desc(const kinf_desc_t* base, const kinf_factory_caps_t* c, int budget, kinf_desc_t* out) {
    *out = *base;
    out->resource = "/api/v1/x";
    if (c) {
        if (c->max_objects) { out->max_objects = c->max_objects; }
        if (c->store_bytes) { out->store_bytes = c->store_bytes; }
        if (c->max_event_bytes) { out->max_event_bytes = c->max_event_bytes; }
        if (c->fifo_capacity) { out->fifo_capacity = c->fifo_capacity; }
    }
    if (budget) { out->store_bytes = KINF__FA_NO_STORE; out->max_objects = 1; out->fifo_capacity = 0; } /* kinf__fa_attach */
}
/* max_informers as the factory uses it: default 8, at least one share per row, at most 1024 */
static int kinf__fa_max_inf(const kinf_factory_desc_t* d) {
    int m = d->max_informers <= 0 ? 8 : d->max_informers;
    int rows = d->caps && d->caps_count > 0 ? d->caps_count : 0;
    if (m < rows) { m = rows; }
    return m > 1024 ? 1024 : m;
}
/* the rows valid: at most 1024, each naming a resource */
static int kinf__fa_caps_ok(const kinf_factory_desc_t* d) {
    int i;
    if (!d->caps || d->caps_count <= 0) { return 1; }
    if (d->caps_count > 1024) { return 0; }
    for (i = 0; i < d->caps_count; i++) {
        if (!d->caps[i].resource || !d->caps[i].resource[0]) { return 0; }
    }
    return 1;
}
/* the share for a new informer of resource r: a free row naming r, else a
   free share of base's size; -1 when none is free */
static int kinf__fa_share(kinf_factory_t* f, const kinf_resource_t* r) {
    int i;
    for (i = 0; i < f->max_inf; i++) {
        kinf__freg* g = &f->reg[i];
        kinf_resource_t cr;
        if (g->taken || g->row < 0) { continue; }
        if (kinf__dc_resolve(f->disc, f->caps[g->row].resource, &cr, 1) == KINF_OK && !strcmp(cr.group, r->group) &&
            !strcmp(cr.plural, r->plural)) {
            return i;
        }
    }
    for (i = 0; i < f->max_inf; i++) {
        if (!f->reg[i].taken && f->reg[i].row < 0) { return i; }
    }
    return -1;
}
/* After a discovery round: a row that names no resource is warned of once a
   round (UNKNOWN_RESOURCE at warn: a CRD may come later, and kwatch --all waits for it) */
static void kinf__fa_check_caps(kinf_factory_t* f) {
    int i;
    uint64_t rounds = kinf_discovery_rounds(f->disc);
    if (!rounds || rounds == f->caps_warned_round) { return; }
    f->caps_warned_round = rounds;
    for (i = 0; i < f->caps_n; i++) {
        kinf_resource_t cr;
        if (kinf__dc_resolve(f->disc, f->caps[i].resource, &cr, 1) != KINF_OK) {
            kinf__fa_log(f, KINF_LOG_WARN, KINF_LOGITEM_UNKNOWN_RESOURCE, f->caps[i].resource, " (a row of the factory's caps: its share waits unused)", __LINE__);
        }
    }
}
/* >>factory budget  With desc.store_budget the informers' segments lie back
   to back in one region, in the order the informers were made: each is its
   store, then its per-object tables (>>store tables), sized for obj_cap
   objects, not max_objects. A store that is full grows by a step (a
   quarter of its size, at least KINF__FA_STEP), tables that are full by a
   quarter of their objects (at least KINF__FA_OBJ_FLOOR / 2), taken from
   the region's free end: the segments after it move up by memmove, and as
   every object reference is an offset from inf->arena and every table
   reference a slot or node number, a moved segment stays valid once its
   base pointers are set. When the free end is too short, the segments are
   packed first: each store is compacted and keeps its floor or what it
   holds and a little more, each table its floor or the slots up to the
   last in use and an eighth more, and the rest goes back to the free end. */
#ifndef KINF__FA_STEP
#define KINF__FA_STEP (64u << 10)
#endif
#ifndef KINF__FA_OBJ_FLOOR
#define KINF__FA_OBJ_FLOOR 64     /* the objects an informer's tables start with (its floor) by default */
#endif
enum { KINF__FA_BYTES = 1, KINF__FA_OBJS = 2 }; /* kinf__fent.starved */
/* store sizes and offsets stay multiples of 8, as an arena's start must be */
static size_t kinf__fa_down8(size_t n) { return n & ~(size_t)7u; }
/* segment o's base pointers from its offset: the store, then the tables */
static void kinf__fa_place(kinf_factory_t* f, kinf__fent* o) {
    o->inf->arena = f->region + o->aoff;
    kinf__tables_at(o->inf, f->region + o->aoff + o->inf->store_bytes);
}
/* Segment i's store becomes sz bytes (at least its top) and its tables
   cap objects (at least slot_hi): its tables and the segments after it move. */
static void kinf__fa_resize(kinf_factory_t* f, int i, size_t sz, int cap) {
    kinf__fent* e = &f->ent[i];
    kinf_informer_t* inf = e->inf;
    size_t end = e->aoff + e->asz, nsz = sz + kinf__tables_bytes(inf, cap);
    int j;
    if (sz == inf->store_bytes && cap == inf->obj_cap) { return; }
    if (cap < inf->obj_cap) { kinf__tables_relayout(inf, cap); } /* smaller where they are */
    if (nsz > e->asz && f->granted > end) { memmove(f->region + e->aoff + nsz, f->region + end, f->granted - end); f->moves++; }
    memmove(f->region + e->aoff + sz, inf->slots, kinf__tables_bytes(inf, inf->obj_cap));
    if (nsz < e->asz && f->granted > end) { memmove(f->region + e->aoff + nsz, f->region + end, f->granted - end); f->moves++; }
    for (j = i + 1; j < f->n_hi; j++) { /* empty segments after it move too: their offsets */
        kinf__fent* o = &f->ent[j];
        o->aoff = o->aoff + nsz - e->asz;
        kinf__fa_place(f, o);
    }
    f->granted = f->granted + nsz - e->asz;
    e->asz = nsz;
    inf->store_bytes = sz;
    kinf__fa_place(f, e);
    if (cap > inf->obj_cap) { kinf__tables_relayout(inf, cap); } /* larger where they are now */
}
/* what store o keeps when the stores are packed: its floor, or what it holds
   and an eighth more (a gone resource's: what it holds) */
static size_t kinf__fa_keep(const kinf__fent* o) {
    size_t u = o->inf->used, k = o->state == KINF__FE_GONE ? u : u + u / 8u;
    k = kinf__fa_down8(k + 7u);
    if (o->state != KINF__FE_GONE && k < o->floor) { k = o->floor; }
    return k < o->inf->store_bytes ? k : o->inf->store_bytes;
}
/* the objects o's tables keep when packed: the slots up to the last in use
   (those above it given back) and an eighth more, at least its floor */
static int kinf__fa_keep_objs(kinf__fent* o) {
    int hi = (int)kinf__slots_trim(o->inf), k = hi + hi / 8;
    if (k < o->ofloor) { k = o->ofloor; }
    return k < o->inf->obj_cap ? k : o->inf->obj_cap;
}
/* o's store compacted, and what it keeps when cut: its store's bytes in
   *sz (kinf__fa_keep), its tables' objects returned (kinf__fa_keep_objs) */
static int kinf__fa_trim(kinf__fent* o, size_t* sz) {
    if (o->inf->top > o->inf->used) { kinf__arena_compact(o->inf); }
    *sz = kinf__fa_keep(o);
    return kinf__fa_keep_objs(o);
}
/* Packs the segments (all but skip's trimmed, kinf__fa_trim), each moved
   down, in one pass over the region. */
static void kinf__fa_pack(kinf_factory_t* f, const kinf__fent* skip) {
    size_t w = 0;
    int j;
    for (j = 0; j < f->n_hi; j++) {
        kinf__fent* o = &f->ent[j];
        kinf_informer_t* inf = o->inf;
        size_t sz = inf->store_bytes;
        if (o != skip) {
            int cap = kinf__fa_trim(o, &sz);
            if (cap < inf->obj_cap) { kinf__tables_relayout(inf, cap); }
        }
        if (o->aoff != w) { memmove(f->region + w, f->region + o->aoff, sz); f->moves++; }
        memmove(f->region + w + sz, inf->slots, kinf__tables_bytes(inf, inf->obj_cap));
        o->aoff = w;
        inf->store_bytes = sz;
        o->asz = sz + kinf__tables_bytes(inf, inf->obj_cap);
        kinf__fa_place(f, o);
        w += o->asz;
    }
    f->granted = w;
}
/* want bytes at the budget's free end for e, the others packed when it is
   short (once a poll step); 0 when it still has not (STORE_BUDGET_FULL, once
   until e grows again: what (KINF__FA_*) it is short of). Returns the room. */
static size_t kinf__fa_room(kinf_factory_t* f, kinf__fent* e, size_t want, uint8_t what) {
    size_t room = f->budget - f->granted;
    if (room < want && !f->pack_failed) {
        kinf__fa_pack(f, e);
        room = f->budget - f->granted;
        f->pack_failed = room < want;
    }
    if (room >= want) { return room; }
    if (!(e->starved & what)) {
        e->starved |= what;
        KINF__ERR(e->inf, STORE_BUDGET_FULL, kinf__fa_part(e->names, 0), what == KINF__FA_OBJS ? " (objects)" : 0);
    }
    return 0;
}
/* The tables are full: a quarter more objects, or as many as the budget
   has room for (at least one), never past max_objects. */
static int kinf__fa_grow_objs(kinf_factory_t* f, kinf__fent* e) {
    kinf_informer_t* inf = e->inf;
    int cap = inf->obj_cap, step = cap / 4 < KINF__FA_OBJ_FLOOR / 2 ? KINF__FA_OBJ_FLOOR / 2 : cap / 4;
    size_t have = kinf__tables_bytes(inf, cap), room;
    if (cap >= inf->max_objects) { return 0; } /* its cap: full as ever (STORE_SLOTS_FULL) */
    if (step > inf->max_objects - cap) { step = inf->max_objects - cap; }
    room = kinf__fa_room(f, e, kinf__tables_bytes(inf, cap + 1) - have, KINF__FA_OBJS);
    if (!room) { return 0; }
    while (step > 1 && kinf__tables_bytes(inf, cap + step) - have > room) { step /= 2; }
    kinf__fa_resize(f, (int)(e - f->ent), inf->store_bytes, cap + step);
    e->starved &= (uint8_t)~KINF__FA_OBJS;
    return 1;
}
/* room for need more bytes above the store's top: a step, or what the budget has */
static int kinf__fa_grow_bytes(kinf_factory_t* f, kinf__fent* e, size_t need) {
    kinf_informer_t* inf = e->inf;
    /* want: room above the top as it is; least: room once it is compacted
       (its arena asked because the live bytes and need pass store_bytes) */
    size_t want = kinf__fa_down8(inf->top + need - inf->store_bytes + 7u), step, room;
    size_t least = kinf__fa_down8(inf->used - inf->slack + need - inf->store_bytes + 7u);
    if (want > e->cap - inf->store_bytes || want > f->budget - f->granted) { want = least; } /* grown, then compacted */
    if (want > e->cap - inf->store_bytes) { return 0; } /* its cap: full as a store of cap bytes is (STORE_FULL) */
    step = inf->store_bytes / 4u < KINF__FA_STEP ? KINF__FA_STEP : kinf__fa_down8(inf->store_bytes / 4u);
    if (step < want) { step = want; }
    if (step > e->cap - inf->store_bytes) { step = e->cap - inf->store_bytes; }
    room = kinf__fa_room(f, e, want, KINF__FA_BYTES);
    if (!room) { return 0; }
    kinf__fa_resize(f, (int)(e - f->ent), inf->store_bytes + (step < room ? step : room), inf->obj_cap);
    if (step <= room) { e->starved &= (uint8_t)~KINF__FA_BYTES; } /* a whole step: the budget has room again */
    return 1;
}
/* the informers' hook (kinf__arena_alloc, kinf__slot_alloc): room for need
   bytes above inf's top, or (need 0) for one more object */
static int kinf__fa_grow(kinf_informer_t* inf, size_t need) {
    kinf__fent* e = (kinf__fent*)inf->grow_user;
    return need ? kinf__fa_grow_bytes(e->f, e, need) : kinf__fa_grow_objs(e->f, e);
}
/* A new informer's segment (entry e, the last; row c's floor and cap): its
   store empty or at its floor, its tables for its floor of objects, at the
   region's free end. Its share was made for one object: its max_objects
   and fifo_capacity become row c's (base's), caps its tables grow to. 0
   (logged) when the budget cannot give the floors. */
static int kinf__fa_attach(kinf_factory_t* f, kinf__fent* e, const kinf_factory_caps_t* c) {
    kinf_informer_t* inf = e->inf;
    size_t fl = c && c->store_floor ? c->store_floor : f->base_floor, cap = c && c->store_bytes ? c->store_bytes : f->base_cap, need;
    kinf_desc_t rd;
    kinf__fa_row_desc(&f->base, c, 0, &rd);
    rd = kinf__setup_defaults(&rd);
    inf->max_objects = rd.max_objects;
    inf->fifo_cap = rd.fifo_capacity;
    if (!cap || cap > 0xfff00000u) { cap = 0xfff00000u; } /* a store's references are 32 bits */
    e->cap = kinf__fa_down8(cap);
    e->floor = kinf__fa_down8(fl + 7u) < e->cap ? kinf__fa_down8(fl + 7u) : e->cap;
    e->ofloor = c && c->objects_floor > 0 ? c->objects_floor : f->base_ofloor > 0 ? f->base_ofloor : KINF__FA_OBJ_FLOOR;
    if (e->ofloor > inf->max_objects) { e->ofloor = inf->max_objects; }
    need = e->floor + kinf__tables_bytes(inf, e->ofloor);
    e->asz = 0;
    if (f->budget - f->granted < need) { kinf__fa_pack(f, 0); }
    if (f->budget - f->granted < need) { KINF__FA_ERR(f, STORE_BUDGET_FULL, kinf__fa_part(e->names, 0), " (its store_floor and its tables for objects_floor)"); return 0; }
    e->aoff = f->granted;
    e->asz = need;
    f->granted += need;
    inf->store_bytes = e->floor;
    inf->obj_cap = e->ofloor;
    kinf__fa_place(f, e);
    kinf__tables_rebuild(inf); /* empty */
    inf->grow = kinf__fa_grow;
    inf->grow_user = e;
    return 1;
}
/* The informer for resource r and req (its resource is not read): the one
   made already for the same path and selectors, or a new one. quiet: a
   full factory is not logged (kinf_factory_all logs it once). */
static kinf_informer_t* kinf__fa_get(kinf_factory_t* f, const kinf_resource_t* r, const kinf_informer_req_t* req, int quiet) {
    char path[KINF__MAX_STR], rpath[KINF__MAX_STR];
    const char* ls = req->label_selector ? req->label_selector : "";
    const char* fs = req->field_selector ? req->field_selector : "";
    const char* ns = req->namespace_ && req->namespace_[0] ? req->namespace_ : 0;
    kinf__fent* e = 0;
    kinf_desc_t d;
    int i, g;
    f->was_full = 0;
    if (!(r->verbs & KINF_VERB_LIST) || !(r->verbs & KINF_VERB_WATCH)) { KINF__FA_ERR(f, NOT_WATCHABLE, r->name, 0); return 0; }
    if (ns && !r->namespaced) { KINF__FA_ERR(f, CLUSTER_SCOPED, r->name, 0); return 0; }
    if (!kinf__fa_path(f, r, ns, path, sizeof(path))) { KINF__FA_ERR(f, CONFIG_TOO_LONG, r->name, 0); return 0; }
    for (i = 0; i < f->n_hi; i++) {
        kinf__fent* o = &f->ent[i];
        if (o->state != KINF__FE_FREE && !strcmp(o->inf->path, path) && !strcmp(o->inf->lsel, ls) && !strcmp(o->inf->fsel, fs)) { e = o; break; }
    }
    if (e) {
        /* shared: the kept paths grow until it starts, then must cover the request */
        if (e->whole) { return e->inf; }
        if (e->inf->started != KINF__RUN_NEW) {
            int k;
            if (req->keep_count <= 0) { KINF__FA_ERR(f, FACTORY_NOT_KEPT, kinf__fa_part(e->names, 0), " (the whole object)"); return 0; }
            for (k = 0; k < req->keep_count; k++) {
                const char* q = e->keep;
                int j, covered = 0;
                for (j = 0; j < e->nkeep && !covered; j++, q += strlen(q) + 1) { covered = kinf__fa_covers(q, req->keep[k]); }
                if (!covered) { KINF__FA_ERR(f, FACTORY_NOT_KEPT, kinf__fa_part(e->names, 0), req->keep[k]); return 0; }
            }
            return e->inf;
        }
        if (req->keep_count <= 0) {
            if (!kinf__fa_rules(f, e->inf, 1, 0, 0)) { return 0; }
            e->whole = 1; e->nkeep = 0;
            return e->inf;
        }
        {
            char buf[KINF__FA_KEEP];
            int n = e->nkeep;
            memcpy(buf, e->keep, sizeof(buf));
            if (!kinf__fa_merge(buf, sizeof(buf), &n, req->keep, req->keep_count)) { KINF__ERR(e->inf, CONFIG_TOO_MANY_RULES, "keep", 0); return 0; }
            if (!kinf__fa_rules(f, e->inf, 0, buf, n)) { return 0; }
            memcpy(e->keep, buf, sizeof(buf)); e->nkeep = n;
        }
        return e->inf;
    }
    g = f->n_hi < f->max_inf ? kinf__fa_share(f, r) : -1;
    if (g < 0) {
        f->was_full = 1;
        if (!quiet) { KINF__FA_ERR(f, FACTORY_FULL, r->name, 0); }
        return 0;
    }
    e = &f->ent[f->n_hi];
    memset(e, 0, sizeof(*e));
    if (!kinf__fa_set_names(e, r)) { KINF__FA_ERR(f, CONFIG_TOO_LONG, r->name, 0); return 0; }
    if (req->keep_count > 0 && !kinf__fa_merge(e->keep, sizeof(e->keep), &e->nkeep, req->keep, req->keep_count)) {
        KINF__FA_ERR(f, CONFIG_TOO_MANY_RULES, r->name, 0); return 0;
    }
    e->whole = req->keep_count <= 0;
    kinf__fa_row_desc(&f->base, f->reg[g].row >= 0 ? &f->caps[f->reg[g].row] : 0, f->budget != 0, &d);
    /* the path as kinf_init builds it from an API path and a namespace */
    rpath[0] = 0;
    kinf__cat(rpath, sizeof(rpath), r->group[0] ? "/apis/" : "/api");
    kinf__cat(rpath, sizeof(rpath), r->group);
    kinf__cat(rpath, sizeof(rpath), "/");
    kinf__cat(rpath, sizeof(rpath), r->version);
    kinf__cat(rpath, sizeof(rpath), "/");
    kinf__cat(rpath, sizeof(rpath), r->plural);
    d.resource = rpath;
    d.namespace_ = ns;
    d.label_selector = ls; d.field_selector = fs;
    d.keep = 0; d.keep_count = 0;
    d.tag = f->base.tag ? f->base.tag : kinf__fa_part(e->names, 0);
    d.logger.func = kinf__fa_inf_log; d.logger.user = e;
    e->f = f;
    e->inf = kinf_init(f->slots + f->reg[g].off, f->reg[g].bytes, &d);
    if (!e->inf) { return 0; }
    if (!kinf__fa_rules(f, e->inf, e->whole, e->keep, e->nkeep)) { e->inf = 0; return 0; }
    if (f->budget && !kinf__fa_attach(f, e, f->reg[g].row >= 0 ? &f->caps[f->reg[g].row] : 0)) { e->inf = 0; return 0; }
    e->state = KINF__FE_LIVE;
    e->reg = g;
    f->reg[g].taken = 1;
    if (f->stop) { e->inf->stop = 1; }
    f->n_hi++;
    return e->inf;
}
/* kinf_factory_all's informers for resources it has none for yet; the number made */
static int kinf__fa_sync_all(kinf_factory_t* f) {
    kinf_resource_t r;
    int i, made = 0, full = 0;
    const char* ns = f->all_req.namespace_;
    for (i = 0; kinf_discovery_at(f->disc, i, &r); i++) {
        int had = f->n_hi;
        if (!(r.verbs & KINF_VERB_LIST) || !(r.verbs & KINF_VERB_WATCH) || (ns && ns[0] && !r.namespaced)) { continue; }
        if (kinf__fa_get(f, &r, &f->all_req, 1)) { made += f->n_hi > had; }
        else if (f->was_full && !full) {
            int j, have = 0;
            char path[KINF__MAX_STR];
            /* full: log the first resource that gets no informer, once per round */
            if (kinf__fa_path(f, &r, ns, path, sizeof(path))) {
                for (j = 0; j < f->n_hi; j++) { have |= !strcmp(f->ent[j].inf->path, path); }
            }
            if (!have) { full = 1; KINF__FA_ERR(f, FACTORY_FULL, r.name, 0); }
        }
    }
    return made;
}
/* After a discovery round: informers whose resource left are no longer
   polled (GONE), those whose resource came back are again; with
   kinf_factory_all, new resources get informers. */
static void kinf__fa_reconcile(kinf_factory_t* f) {
    int i;
    uint64_t rounds = kinf_discovery_rounds(f->disc);
    if (rounds == f->seen_rounds) { return; }
    f->seen_rounds = rounds;
    kinf__fa_check_caps(f);
    for (i = 0; i < f->n_hi; i++) {
        kinf__fent* e = &f->ent[i];
        kinf_resource_t r;
        int j, there = 0;
        const char* g = kinf__fa_part(e->names, 1);
        const char* pl = kinf__fa_part(e->names, 3);
        for (j = 0; !there && kinf_discovery_at(f->disc, j, &r); j++) { there = !strcmp(r.group, g) && !strcmp(r.plural, pl); }
        if (e->state == KINF__FE_LIVE && !there) {
            int32_t s;
            e->state = KINF__FE_GONE;
            kinf__fa_log(f, KINF_LOG_WARN, KINF_LOGITEM_RESOURCE_GONE, kinf__fa_part(e->names, 0), 0, __LINE__);
            /* the server has none of its objects now: as a relist that finds
               none, each cached one is deleted, final state unknown */
            for (s = 0; s < e->inf->slot_hi; s++) {
                if (kinf__store_visible(e->inf, s)) { kinf__store_delete(e->inf, s, 0, 1); }
            }
            kinf_flush(e->inf);
            if (f->budget) { /* its store gives back all it does not hold */
                size_t sz;
                int cap = kinf__fa_trim(e, &sz);
                kinf__fa_resize(f, i, sz, cap);
            }
        } else if (e->state == KINF__FE_GONE && there) {
            e->state = KINF__FE_LIVE;
        }
    }
    if (f->all_mode) { kinf__fa_sync_all(f); }
}
/* asks discovery again after a 404, or every rediscover_ms in all mode */
static void kinf__fa_housekeeping(kinf_factory_t* f, uint64_t now) {
    int st = kinf_discovery_state(f->disc), i;
    f->pack_failed = 0;
    for (i = 0; i < f->n_hi && f->budget; i++) { /* a store refused that has a step of room again */
        kinf__fent* e = &f->ent[i];
        if (e->inf->used + KINF__FA_STEP <= e->inf->store_bytes) { e->starved &= (uint8_t)~KINF__FA_BYTES; }
        if (e->inf->free_head >= 0 || e->inf->slot_hi < e->inf->obj_cap) { e->starved &= (uint8_t)~KINF__FA_OBJS; }
    }
    if (f->stop) { return; }
    if (st != KINF_DISC_RUNNING && st != KINF_DISC_BACKOFF) {
        int due = f->rediscover_due || (f->all_mode && f->rediscover_ms > 0 && now >= f->next_rediscover);
        if (due) {
            f->rediscover_due = 0;
            f->rediscoveries++;
            kinf_discovery_refresh(f->disc);
            if (f->rediscover_ms > 0) { f->next_rediscover = now + (uint64_t)f->rediscover_ms; }
        }
    }
    kinf__fa_reconcile(f);
}

KINF_API size_t kinf_factory_size(const kinf_factory_desc_t* desc) {
    kinf_factory_desc_t o;
    kinf_desc_t b;
    size_t n;
    int i, rows;
    if (!desc || !desc->base || !kinf__fa_caps_ok(desc)) { return 0; }
    o = *desc;
    o.max_informers = kinf__fa_max_inf(desc);
    rows = desc->caps ? desc->caps_count : 0;
    if (rows < 0) { rows = 0; }
    kinf__fa_row_desc(desc->base, 0, desc->store_budget != 0, &b);
    o.discovery.conn = &b;
    n = kinf__align8(sizeof(struct kinf_factory_t));
    n += kinf__align8((size_t)o.max_informers * sizeof(kinf__fent));
    n += kinf__align8((size_t)o.max_informers * sizeof(kinf__freg));
    n += kinf__align8((size_t)(o.max_informers + 1) * sizeof(struct pollfd));
    n += kinf__align8(kinf_discovery_size(&o.discovery));
    n += (size_t)(o.max_informers - rows) * kinf__align8(kinf_informer_size(&b));
    for (i = 0; i < rows; i++) {
        kinf_desc_t rd;
        size_t k;
        kinf__fa_row_desc(desc->base, &desc->caps[i], desc->store_budget != 0, &rd);
        k = kinf_informer_size(&rd);
        if (k == SIZE_MAX || n + kinf__align8(k) < n) { return SIZE_MAX; }
        n += kinf__align8(k);
    }
    if (n + kinf__fa_down8(desc->store_budget) + 8u < n) { return SIZE_MAX; }
    return n + kinf__fa_down8(desc->store_budget) + 8u;
}
KINF_API kinf_factory_t* kinf_factory_init(void* mem, size_t size, const kinf_factory_desc_t* desc) {
    kinf_factory_t* f;
    kinf_factory_desc_t o;
    uint8_t* base;
    size_t p, need, dsz;
    char tmp[256];
    if (!mem || !desc || !desc->base) { return 0; }
    if (!kinf__fa_caps_ok(desc)) {
        kinf__log2(&desc->base->logger, desc->base->tag ? desc->base->tag : "kinformer", KINF_LOG_ERROR, KINF_LOGITEM_BAD_ARGUMENT,
                   __LINE__, tmp, sizeof(tmp), "factory caps: more than 1024 rows, or a row without a resource", 0);
        return 0;
    }
    need = kinf_factory_size(desc);
    o = *desc;
    if (size < need || need == SIZE_MAX) {
        kinf__log2(&desc->base->logger, desc->base->tag ? desc->base->tag : "kinformer", KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL,
                   __LINE__, tmp, sizeof(tmp), "factory", 0);
        return 0;
    }
    o.max_informers = kinf__fa_max_inf(desc);
    base = (uint8_t*)mem + ((8u - ((uintptr_t)mem & 7u)) & 7u);
    f = (kinf_factory_t*)(void*)base;
    memset(f, 0, sizeof(*f));
    f->base = *desc->base;
    f->logger = f->base.logger;
    kinf__strlcpy(f->tag, f->base.tag ? f->base.tag : "kinformer", sizeof(f->tag));
    f->max_inf = o.max_informers;
    f->rediscover_ms = o.rediscover_ms == 0 ? 30000 : o.rediscover_ms;
    f->mem_size = size;
    p = kinf__align8(sizeof(struct kinf_factory_t));
    f->ent = (kinf__fent*)(void*)(base + p); p += kinf__align8((size_t)f->max_inf * sizeof(kinf__fent));
    f->reg = (kinf__freg*)(void*)(base + p); p += kinf__align8((size_t)f->max_inf * sizeof(kinf__freg));
    f->pfd = (struct pollfd*)(void*)(base + p); p += kinf__align8((size_t)(f->max_inf + 1) * sizeof(struct pollfd));
    o.discovery.conn = &f->base;
    dsz = kinf__align8(kinf_discovery_size(&o.discovery));
    f->disc = kinf_discovery_init(base + p, dsz, &o.discovery);
    if (!f->disc) { return 0; }
    p += dsz;
    f->fixed_bytes = p;
    f->slots = base + p;
    {
        kinf_desc_t b;
        size_t off = 0;
        int i;
        kinf__fa_row_desc(&f->base, 0, desc->store_budget != 0, &b);
        f->slot_bytes = kinf__align8(kinf_informer_size(&b));
        f->caps = desc->caps && desc->caps_count > 0 ? desc->caps : 0;
        f->caps_n = f->caps ? desc->caps_count : 0;
        /* the rows' shares first, in the table's order, then base's */
        for (i = 0; i < f->max_inf; i++) {
            kinf__freg* g = &f->reg[i];
            g->off = off; g->taken = 0;
            g->row = i < f->caps_n ? i : -1;
            if (g->row >= 0) {
                kinf__fa_row_desc(&f->base, &f->caps[i], desc->store_budget != 0, &b);
                g->bytes = kinf__align8(kinf_informer_size(&b));
            } else {
                g->bytes = f->slot_bytes;
            }
            off += g->bytes;
        }
        f->region = f->slots + off;
        f->budget = kinf__fa_down8(desc->store_budget);
        f->base_floor = desc->store_floor;
        f->base_cap = desc->store_cap;
        f->base_ofloor = desc->objects_floor;
    }
    f->magic = KINF__FACT_MAGIC;
    return f;
}
KINF_API kinf_discovery_t* kinf_factory_discovery(kinf_factory_t* f) { return kinf__fa_ok(f) ? f->disc : 0; }
KINF_API int kinf_factory_discover(kinf_factory_t* f, int timeout_ms) {
    int r;
    if (!kinf__fa_ok(f)) { return KINF_ERR_INVAL; }
    r = kinf_discovery_run(f->disc, timeout_ms);
    kinf__fa_reconcile(f);
    return r;
}
/* a call whose refusal kinf_factory_why gives starts (1) and ends (0) */
static void kinf__fa_asking(kinf_factory_t* f, int on) {
    if (on) { f->why_item = 0; f->why[0] = 0; }
    f->asking = (uint8_t)on;
}
KINF_API kinf_informer_t* kinf_factory_informer(kinf_factory_t* f, const kinf_informer_req_t* req) {
    kinf_resource_t r;
    kinf_informer_t* inf = 0;
    int rc;
    if (!kinf__fa_ok(f)) { return 0; }
    kinf__fa_asking(f, 1);
    if (!req || !req->resource) { KINF__FA_ERR(f, BAD_ARGUMENT, "kinf_factory_informer", ": req or its resource is NULL"); }
    else if ((rc = kinf_discovery_resolve(f->disc, req->resource, &r)) != KINF_OK) { /* logged by discovery */
        kinf__fa_note(f, rc == KINF_ERR_STATE ? (uint32_t)KINF_LOGITEM_NOT_DISCOVERED : (uint32_t)KINF_LOGITEM_UNKNOWN_RESOURCE, 0, req->resource, 0);
    } else { inf = kinf__fa_get(f, &r, req, 0); }
    kinf__fa_asking(f, 0);
    return inf;
}
KINF_API kinf_informer_t* kinf_factory_informer_of(kinf_factory_t* f, const kinf_resource_t* r, const kinf_informer_req_t* req) {
    if (!kinf__fa_ok(f) || !r || !req || !r->name || !r->group || !r->version || !r->plural || !r->singular || !r->kind || !r->short_names) { return 0; }
    return kinf__fa_get(f, r, req, 0);
}
KINF_API int kinf_factory_all(kinf_factory_t* f, const kinf_informer_req_t* tmpl) {
    static const kinf_informer_req_t none = { 0, 0, 0, 0, 0, 0 };
    int n;
    if (!kinf__fa_ok(f)) { return KINF_ERR_INVAL; }
    kinf__fa_asking(f, 1);
    if (!kinf_discovery_rounds(f->disc)) { KINF__FA_ERR(f, NOT_DISCOVERED, "all", 0); kinf__fa_asking(f, 0); return KINF_ERR_STATE; }
    f->all_req = tmpl ? *tmpl : none;
    f->all_mode = 1;
    f->next_rediscover = (f->disc->conn.own_transport ? f->disc->conn.now : kinf_now_ms()) + (uint64_t)(f->rediscover_ms > 0 ? f->rediscover_ms : 0);
    n = kinf__fa_sync_all(f);
    kinf__fa_asking(f, 0);
    return n;
}
KINF_API uint32_t kinf_factory_why(kinf_factory_t* f, char* why, size_t cap) {
    if (!kinf__fa_ok(f)) { kinf__why_line(why, cap, KINF_LOGITEM_BAD_ARGUMENT, 0, "kinf_factory_why", ": not a factory"); return KINF_LOGITEM_BAD_ARGUMENT; }
    if (!why) { cap = 0; }
    kinf__log_put(why, cap, 0, f->why, 1);
    return f->why_item;
}
KINF_API int kinf_factory_start(kinf_factory_t* f) {
    if (!kinf__fa_ok(f)) { return KINF_ERR_INVAL; }
    f->started = 1;
    return KINF_OK;
}
KINF_API int kinf_factory_fds(kinf_factory_t* f, kinf_fd_t* out, int cap) {
    int i, n = 0;
    if (!kinf__fa_ok(f) || !out || cap <= 0 || f->disc->conn.own_transport) { return 0; }
    if (kinf_discovery_fd(f->disc) >= 0 && n < cap) {
        out[n].fd = kinf_discovery_fd(f->disc); out[n].wants = kinf_discovery_wants(f->disc); out[n].generation = f->disc->conn.sock_gen; n++;
    }
    for (i = 0; i < f->n_hi && n < cap && f->started; i++) {
        kinf__fent* e = &f->ent[i];
        if (e->state != KINF__FE_LIVE || kinf_fd(e->inf) < 0) { continue; }
        out[n].fd = kinf_fd(e->inf); out[n].wants = kinf_wants(e->inf); out[n].generation = e->inf->conn.sock_gen; n++;
    }
    return n;
}
KINF_API int kinf_factory_timeout_ms(kinf_factory_t* f) {
    int i, t = -1, k;
    if (!kinf__fa_ok(f)) { return -1; }
    if (f->stop) { return 0; }
    if (!f->disc->conn.own_transport) { t = kinf_discovery_timeout_ms(f->disc); }
    if (f->rediscover_due) { return 0; }
    if (f->all_mode && f->rediscover_ms > 0 && !f->disc->conn.own_transport) {
        uint64_t now = kinf_now_ms();
        k = f->next_rediscover <= now ? 0 : (f->next_rediscover - now > 0x7fffffffu ? 0x7fffffff : (int)(f->next_rediscover - now));
        if (t < 0 || k < t) { t = k; }
    }
    for (i = 0; i < f->n_hi && f->started && !f->disc->conn.own_transport; i++) {
        if (f->ent[i].state != KINF__FE_LIVE) { continue; }
        k = kinf_timeout_ms(f->ent[i].inf);
        if (k >= 0 && (t < 0 || k < t)) { t = k; }
    }
    return t;
}
KINF_API int kinf_factory_poll(kinf_factory_t* f, int timeout_ms) {
    int i, n = 0, t, wait;
    if (!kinf__fa_ok(f)) { return KINF_ERR_INVAL; }
    if (f->disc->conn.own_transport) {
        kinf__fa_housekeeping(f, f->disc->conn.now);
        return KINF_OK;
    }
    t = kinf_factory_timeout_ms(f);
    wait = timeout_ms < 0 ? t : (t < 0 || t > timeout_ms ? timeout_ms : t);
    if (wait != 0 && !f->stop) {
        int fd = kinf_discovery_fd(f->disc);
        unsigned w = kinf_discovery_wants(f->disc);
        if (fd >= 0 && w) {
            f->pfd[n].fd = fd; f->pfd[n].events = (short)(((w & KINF_WANT_READ) ? POLLIN : 0) | ((w & KINF_WANT_WRITE) ? POLLOUT : 0));
            f->pfd[n].revents = 0; n++;
        }
        for (i = 0; i < f->n_hi && f->started; i++) {
            kinf__fent* e = &f->ent[i];
            if (e->state != KINF__FE_LIVE || kinf_fd(e->inf) < 0 || !(w = kinf_wants(e->inf))) { continue; }
            f->pfd[n].fd = kinf_fd(e->inf);
            f->pfd[n].events = (short)(((w & KINF_WANT_READ) ? POLLIN : 0) | ((w & KINF_WANT_WRITE) ? POLLOUT : 0));
            f->pfd[n].revents = 0; n++;
        }
        if (n) { poll(f->pfd, (nfds_t)n, wait); }
        else if (wait > 0) { poll(0, 0, wait); }
    }
    if (f->stop) { return KINF_OK; }
    kinf_discovery_poll(f->disc, 0);
    for (i = 0; i < f->n_hi && f->started && !f->stop; i++) {
        if (f->ent[i].state == KINF__FE_LIVE) { (void)kinf_poll(f->ent[i].inf, 0); } /* a fatal error is the informer's own, logged */
    }
    kinf__fa_housekeeping(f, kinf_now_ms());
    return KINF_OK;
}
KINF_API int kinf_factory_has_synced(kinf_factory_t* f) {
    int i;
    if (!kinf__fa_ok(f)) { return 0; }
    for (i = 0; i < f->n_hi; i++) {
        if (f->ent[i].state == KINF__FE_LIVE && !kinf_has_synced(f->ent[i].inf)) { return 0; }
    }
    return 1;
}
KINF_API int kinf_factory_wait_synced(kinf_factory_t* f, int timeout_ms) {
    uint64_t t0;
    if (!kinf__fa_ok(f)) { return 0; }
    t0 = kinf_now_ms();
    while (!f->stop) {
        int wait = 200;
        uint64_t el;
        if (kinf_factory_has_synced(f)) { return 1; }
        el = kinf_now_ms() - t0;
        if (timeout_ms >= 0) {
            if (el >= (uint64_t)timeout_ms) { return 0; }
            if ((uint64_t)timeout_ms - el < (uint64_t)wait) { wait = (int)((uint64_t)timeout_ms - el); }
        }
        kinf_factory_poll(f, wait);
    }
    return 0;
}
KINF_API void kinf_factory_stop(kinf_factory_t* f) {
    int i;
    if (!f) { return; }
    f->stop = 1;
    if (f->disc) { f->disc->stop = 1; }
    for (i = 0; i < f->n_hi; i++) { kinf_stop(f->ent[i].inf); }
}
KINF_API int kinf_factory_stopped(kinf_factory_t* f) { return f ? f->stop : 1; }
KINF_API int kinf_factory_flush(kinf_factory_t* f) {
    int i, n = 0;
    if (!kinf__fa_ok(f)) { return 0; }
    for (i = 0; i < f->n_hi; i++) { n += kinf_flush(f->ent[i].inf); }
    return n;
}
KINF_API void kinf_factory_shutdown(kinf_factory_t* f) {
    int i;
    if (!kinf__fa_ok(f)) { return; }
    for (i = 0; i < f->n_hi; i++) { kinf_shutdown(f->ent[i].inf); }
    kinf_discovery_shutdown(f->disc);
}
KINF_API int kinf_factory_count(kinf_factory_t* f) { return kinf__fa_ok(f) ? f->n_hi : 0; }
KINF_API kinf_informer_t* kinf_factory_at(kinf_factory_t* f, int i) {
    if (!kinf__fa_ok(f) || i < 0 || i >= f->n_hi || f->ent[i].state != KINF__FE_LIVE) { return 0; }
    return f->ent[i].inf;
}
KINF_API int kinf_factory_resource(kinf_factory_t* f, const kinf_informer_t* inf, kinf_resource_t* out) {
    int i;
    if (!kinf__fa_ok(f) || !inf || !out) { return KINF_ERR_INVAL; }
    for (i = 0; i < f->n_hi; i++) {
        if (f->ent[i].inf == inf) { kinf__fa_view(&f->ent[i], out); return KINF_OK; }
    }
    return KINF_ERR_INVAL;
}
KINF_API kinf_factory_stats_t kinf_factory_stats(kinf_factory_t* f) {
    kinf_factory_stats_t s;
    int i;
    memset(&s, 0, sizeof(s));
    if (!kinf__fa_ok(f)) { return s; }
    s.informers = f->n_hi; s.max_informers = f->max_inf;
    for (i = 0; i < f->n_hi; i++) {
        if (f->ent[i].state == KINF__FE_GONE) { s.gone++; }
        else if (kinf_has_synced(f->ent[i].inf)) { s.synced++; }
        s.store_used += f->ent[i].inf->used;
    }
    s.informer_bytes = f->slot_bytes;
    s.fixed_bytes = f->fixed_bytes;
    s.mem_used = f->fixed_bytes;
    for (i = 0; i < f->max_inf; i++) {
        if (f->reg[i].taken) { s.mem_used += f->reg[i].bytes; }
    }
    s.mem_capacity = f->mem_size;
    s.rediscoveries = f->rediscoveries;
    s.store_budget = f->budget;
    s.store_granted = f->granted;
    s.store_moves = f->moves;
    for (i = 0; i < f->n_hi; i++) {
        s.budget_full += f->ent[i].starved != 0;
        if (f->budget) { s.objects_granted += f->ent[i].inf->obj_cap; s.tables_granted += f->ent[i].asz - f->ent[i].inf->store_bytes; }
    }
    s.mem_used += f->granted;
    return s;
}
#endif /* KINF_NO_FACTORY */

#ifndef KINF_NO_HUB
/* >>hub  the node-local server (khub): list, watch, get and discovery for a
   factory's informers, from a fixed pool of client slots; a window of
   recent changes per resource; the built-in driver of its sockets */
#include <sys/un.h>
#define KINF__HUB_MAGIC 0x6b687562u
#define KINF__HUB_MAX_LISTEN 8

/* >>hub request  The bounded request parser: a request head (request line
   and header fields, at most KINF_MAX_HEAD_BYTES) that ends in CRLF CRLF or
   LF LF; what the hub reads of it. */
typedef enum kinf__hm { KINF__HM_GET = 0, KINF__HM_HEAD, KINF__HM_OTHER } kinf__hm;
typedef struct kinf__hreq {
    int method;                   /* kinf__hm */
    const char* path; size_t path_len;   /* into the head, before '?' */
    const char* query; size_t query_len; /* after '?', or empty */
    const char* auth; size_t auth_len;   /* the Authorization value, or NULL */
    int http10, close, chunked;
    int64_t clen;                 /* Content-Length, -1: none */
} kinf__hreq;

/* The end of a head in h[0..n), looking from 'from' (bytes before it were
   looked at already); the head's length, or 0 when it is not whole yet. */
static size_t kinf__hub_head_end(const char* h, size_t from, size_t n) {
    size_t i = from > 3 ? from - 3 : 0;
    for (; i < n; i++) {
        if (h[i] != '\n') { continue; }
        if (i + 1 < n && h[i + 1] == '\n') { return i + 2; }
        if (i + 2 < n && h[i + 1] == '\r' && h[i + 2] == '\n') { return i + 3; }
    }
    return 0;
}
/* a token character of RFC 9110 (methods, header names) */
static int kinf__hub_tchar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || (c && strchr("!#$%&'*+-.^_`|~", c));
}
/* Parses a whole head h[0..n) (kinf__hub_head_end's length). KINF_OK,
   KINF_ERR_INVAL (malformed), KINF_ERR_NOMEM (more than KINF_MAX_HEADERS). */
static int kinf__hub_parse(const char* h, size_t n, kinf__hreq* r) {
    size_t i = 0, m, t, le, nh = 0;
    memset(r, 0, sizeof(*r));
    r->clen = -1;
    while (i < n && kinf__hub_tchar(h[i])) { i++; }
    m = i;
    if (m == 0 || m > 16 || i >= n || h[i] != ' ') { return KINF_ERR_INVAL; }
    r->method = (m == 3 && !memcmp(h, "GET", 3)) ? KINF__HM_GET : (m == 4 && !memcmp(h, "HEAD", 4)) ? KINF__HM_HEAD : KINF__HM_OTHER;
    t = ++i;
    while (i < n && (unsigned char)h[i] > 0x20 && (unsigned char)h[i] < 0x7f) { i++; }
    if (i == t || i >= n || h[i] != ' ' || h[t] != '/') { return KINF_ERR_INVAL; }
    r->path = h + t; r->path_len = i - t;
    {
        const char* q = (const char*)memchr(r->path, '?', r->path_len);
        if (q) { r->query = q + 1; r->query_len = r->path_len - (size_t)(q + 1 - r->path); r->path_len = (size_t)(q - r->path); }
        else { r->query = r->path + r->path_len; }
    }
    i++;
    if (i + 8 > n || memcmp(h + i, "HTTP/1.", 7) || (h[i + 7] != '0' && h[i + 7] != '1')) { return KINF_ERR_INVAL; }
    r->http10 = h[i + 7] == '0';
    r->close = r->http10;
    i += 8;
    if (i < n && h[i] == '\r') { i++; }
    if (i >= n || h[i] != '\n') { return KINF_ERR_INVAL; }
    i++;
    while (i < n) {
        size_t ns = i, ne, vs, ve;
        le = i;
        while (le < n && h[le] != '\n') { le++; }
        ve = le;
        if (ve > i && h[ve - 1] == '\r') { ve--; }
        if (ve == i) { break; } /* the empty line */
        if (++nh > KINF_MAX_HEADERS) { return KINF_ERR_NOMEM; }
        ne = ns;
        while (ne < ve && h[ne] != ':') { if (!kinf__hub_tchar(h[ne])) { return KINF_ERR_INVAL; } ne++; }
        if (ne == ve || ne == ns) { return KINF_ERR_INVAL; }
        /* a request may not fold its header lines (RFC 9112 section 5.2) */
        if (le + 1 < n && (h[le + 1] == ' ' || h[le + 1] == '\t')) { return KINF_ERR_INVAL; }
        for (vs = ne + 1; vs < ve; vs++) {
            unsigned char c = (unsigned char)h[vs];
            if (c < 0x20 && c != '\t') { return KINF_ERR_INVAL; } /* no CR, NUL or other control byte in a value */
        }
        vs = ne + 1;
        while (vs < ve && (h[vs] == ' ' || h[vs] == '\t')) { vs++; }
        while (ve > vs && (h[ve - 1] == ' ' || h[ve - 1] == '\t')) { ve--; }
        if (kinf__ieq(h + ns, ne - ns, "content-length")) {
            int64_t v = kinf__parse_dec(h + vs, ve - vs);
            if (v < 0 || (r->clen >= 0 && r->clen != v)) { return KINF_ERR_INVAL; }
            r->clen = v;
        } else if (kinf__ieq(h + ns, ne - ns, "transfer-encoding")) {
            if (!kinf__ieq(h + vs, ve - vs, "chunked")) { return KINF_ERR_INVAL; }
            r->chunked = 1;
        } else if (kinf__ieq(h + ns, ne - ns, "connection")) {
            if (kinf__ieq(h + vs, ve - vs, "close")) { r->close = 1; }
            else if (kinf__ieq(h + vs, ve - vs, "keep-alive")) { r->close = 0; }
        } else if (kinf__ieq(h + ns, ne - ns, "authorization")) {
            r->auth = h + vs; r->auth_len = ve - vs;
        }
        i = le + 1;
    }
    if (r->chunked && r->clen >= 0) { return KINF_ERR_INVAL; } /* both: a smuggling attempt (RFC 9112 section 6.3) */
    return KINF_OK;
}
/* The value of query parameter name, percent-decoded ('+' is a space) into
   out: 1, 0 when absent, -1 when it does not fit or is malformed. */
static int kinf__hub_qget(const char* q, size_t qn, const char* name, char* out, size_t cap) {
    size_t i = 0, nl = strlen(name);
    while (i < qn) {
        size_t e = i, o = 0;
        while (e < qn && q[e] != '&') { e++; }
        if (e - i >= nl && !memcmp(q + i, name, nl) && (e - i == nl || q[i + nl] == '=')) {
            size_t k = i + nl + (e - i > nl ? 1 : 0);
            for (; k < e; k++) {
                char c = q[k];
                if (c == '%') {
                    int a, b;
                    if (k + 2 >= e) { return -1; }
                    a = kinf__hexval((unsigned char)q[k + 1]); b = kinf__hexval((unsigned char)q[k + 2]);
                    if (a < 0 || b < 0 || (a == 0 && b == 0)) { return -1; }
                    c = (char)(a * 16 + b);
                    k += 2;
                } else if (c == '+') { c = ' '; }
                if (o + 1 >= cap) { return -1; }
                out[o++] = c;
            }
            out[o] = 0;
            return 1;
        }
        i = e + 1;
    }
    if (cap) { out[0] = 0; }
    return 0;
}
/* true as the API server reads a boolean parameter (Go's strconv.ParseBool): python3-kubernetes sends "True" */
static int kinf__hub_truthy(const char* v) {
    return !strcmp(v, "true") || !strcmp(v, "1") || !strcmp(v, "True") || !strcmp(v, "TRUE") || !strcmp(v, "t") || !strcmp(v, "T");
}

/* >>hub ring  A resource's window of recent changes: entries in order, their
   bytes in a circular area. An entry is the change's identity (key,
   namespace, name, resourceVersion, NUL-terminated) and then the whole
   watch event line a client is sent, so a watch is a copy. seq: the
   change's place, a resourceVersion never below the one before it; every
   change after floor is in the window. */
typedef struct kinf__hev {
    uint64_t seq;
    uint32_t off, len;            /* in the data area: identity, then the event */
    uint32_t ev;                  /* the event's offset in the entry */
    uint32_t obj, objlen;         /* the object's, in the event */
    uint16_t klen, nslen;
} kinf__hev;
typedef struct kinf__hres {
    kinf_informer_t* inf;
    kinf_resource_t r;            /* names in the factory's memory */
    int synced;
    kinf__hev* ev;
    uint64_t head, tail;          /* entries tail..head-1 kept */
    uint8_t* data;
    size_t wpos;
    uint64_t floor, last;
    kinf_handler_t h;
    int hid;                      /* h's id on inf (kinf_hub_shutdown removes it) */
    struct kinf_hub_t* hub;
} kinf__hres;

/* >>hub clients  A client slot: reading a head, or sending a response (a
   fixed one, a list, one object, or a watch), its buffers in the block. */
typedef enum kinf__hc {
    KINF__HC_FREE = 0, KINF__HC_READ, KINF__HC_SEND, KINF__HC_LIST, KINF__HC_WATCH, KINF__HC_CLOSE,
    KINF__HC_FWD_BODY,            /* forwarded: its body being read */
    KINF__HC_FWD                  /* forwarded: the API server's response being streamed back */
} kinf__hc;
#ifndef KINF_NO_SELECTOR
typedef kinf_selector_t kinf__hsel;
#else
typedef struct kinf__hsel { uint8_t any; } kinf__hsel; /* KINF_NO_SELECTOR: a request with a selector is refused */
#endif
typedef struct kinf__hcl {
    int st;                       /* kinf__hc */
    int auth, close_after, fd;
    int fw;                       /* its forwarder, -1: none */
    uint16_t gen;
    uint64_t t_io, t_first, t_end, t_bm;
    char* in; size_t ilen, iscan;
    int64_t skip;                 /* request body bytes to read past */
    uint8_t* out; size_t olen, opos, ocap;
    int res;                      /* the resource of a list or watch */
    char ns[KINF__MAX_NAME];
    kinf__hsel sel;
    kinf_iter_t it;
    long limit, items;
    uint64_t rv;                  /* the list's resourceVersion */
    uint64_t cursor;              /* the next ring entry of a watch */
    uint8_t bookmarks, initial, end_bm, first;
} kinf__hcl;
struct kinf_hub_t {
    uint32_t magic;
    kinf_factory_t* f;
    kinf_hub_desc_t d;
    char token[KINF_MAX_TOKEN];
    char ns[KINF__MAX_NAME];
    char tag[32];
    char logbuf[400];
    kinf__hres* res; int nres, max_res;
    kinf__hcl* cl; int max_cl;
    size_t in_cap, out_cap, ring_bytes, mem_used, mem_size;
    int ring_events;
    uint64_t now;
    kinf_hub_stats_t st;
    int lfd[KINF__HUB_MAX_LISTEN], lauth[KINF__HUB_MAX_LISTEN], nl;
    char lpath[KINF__HUB_MAX_LISTEN][108];
    struct kinf__hfw* fw; int nfw;  /* forwarders */
    size_t fw_body, fw_block;
    struct pollfd* pfd;           /* listeners, clients, forwarders, the factory's */
    kinf_fd_t* ffd;
    int max_ffd;
};
static void kinf__hub_log(kinf_hub_t* h, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log2(&h->d.logger, h->tag, level, item, line, h->logbuf, sizeof(h->logbuf), d1, d2);
}
#define KINF__HUB_LOG(h, lv, item, d1, d2) kinf__hub_log((h), KINF_LOG_##lv, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
static int kinf__hub_ok(const kinf_hub_t* h) { return h && h->magic == KINF__HUB_MAGIC; }
/* a client's id: its slot and the slot's generation (a stale id looks up as nothing) */
static int kinf__hub_id(const kinf__hcl* c, int slot) { return (int)((uint32_t)c->gen << 16 | (uint32_t)slot); }
static kinf__hcl* kinf__hub_cl(kinf_hub_t* h, int id) {
    int s = id & 0xffff;
    if (!kinf__hub_ok(h) || id < 0 || s >= h->max_cl || h->cl[s].st == KINF__HC_FREE || h->cl[s].gen != (uint16_t)(id >> 16)) { return 0; }
    return &h->cl[s];
}

/* >>hub write  The response writer: bytes into a client's send buffer. */
static int kinf__hub_putn(kinf_hub_t* h, kinf__hcl* c, const char* p, size_t n) {
    (void)h;
    if (c->olen + n > c->ocap) { return 0; }
    memcpy(c->out + c->olen, p, n);
    c->olen += n;
    return 1;
}
static int kinf__hub_puts(kinf_hub_t* h, kinf__hcl* c, const char* s) { return kinf__hub_putn(h, c, s, strlen(s)); }
/* s as the inside of a JSON string: '"', '\\' and control bytes escaped */
static int kinf__hub_putj(kinf_hub_t* h, kinf__hcl* c, const char* s) {
    static const char hex[] = "0123456789abcdef";
    int ok = 1;
    for (; *s && ok; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') { char e[2]; e[0] = '\\'; e[1] = (char)ch; ok = kinf__hub_putn(h, c, e, 2); }
        else if (ch < 0x20) { char e[6] = { '\\', 'u', '0', '0', hex[ch >> 4], hex[ch & 15] }; ok = kinf__hub_putn(h, c, e, 6); }
        else { ok = kinf__hub_putn(h, c, (const char*)&ch, 1); }
    }
    return ok;
}
static int kinf__hub_putu(kinf_hub_t* h, kinf__hcl* c, uint64_t v) {
    char num[21];
    return kinf__hub_puts(h, c, kinf__utoa(num, v));
}
static const char* kinf__hub_reason(int code) {
    switch (code) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 410: return "Gone";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    default: return "Service Unavailable";
    }
}
/* The freshness header: when the data was last confirmed current. */
static int kinf__hub_fresh_hdr(kinf_hub_t* h, kinf__hcl* c, kinf_informer_t* inf) {
    kinf_stats_t s = kinf_stats(inf);
    int ok = kinf__hub_puts(h, c, "X-Kinformer-Confirmed-Age-Ms: ");
    if (s.fresh_age_ms < 0) { ok &= kinf__hub_puts(h, c, "never"); } else { ok &= kinf__hub_putu(h, c, (uint64_t)s.fresh_age_ms); }
    ok &= kinf__hub_puts(h, c, "\r\n");
    if (s.fresh_age_ms >= 0) {
        /* the wall-clock time of the last confirmation: the data is unconfirmed since then */
        time_t at = time(0) - (time_t)(s.fresh_age_ms / 1000);
        struct tm tm;
        char when[32];
        if (gmtime_r(&at, &tm) && strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm)) {
            ok &= kinf__hub_puts(h, c, "X-Kinformer-Unconfirmed-Since: ") && kinf__hub_puts(h, c, when) && kinf__hub_puts(h, c, "\r\n");
        }
    }
#ifndef KINF_NO_SNAPSHOT
    if (kinf_snapshot_stale(inf, 0)) { ok &= kinf__hub_puts(h, c, "X-Kinformer-Snapshot-Stale: true\r\n"); } /* a snapshot's, not yet confirmed */
#endif
    return ok;
}
/* The status line and the first headers: clen >= 0 a length, else chunked. */
static int kinf__hub_head(kinf_hub_t* h, kinf__hcl* c, int code, const char* ctype, int64_t clen, kinf_informer_t* fresh) {
    int ok = kinf__hub_puts(h, c, "HTTP/1.1 ") && kinf__hub_putu(h, c, (uint64_t)code) && kinf__hub_puts(h, c, " ") &&
             kinf__hub_puts(h, c, kinf__hub_reason(code)) && kinf__hub_puts(h, c, "\r\nContent-Type: ") && kinf__hub_puts(h, c, ctype) &&
             kinf__hub_puts(h, c, "\r\nCache-Control: no-cache, private\r\n");
    if (fresh) { ok &= kinf__hub_fresh_hdr(h, c, fresh); }
    if (c->close_after) { ok &= kinf__hub_puts(h, c, "Connection: close\r\n"); }
    if (clen >= 0) { ok &= kinf__hub_puts(h, c, "Content-Length: ") && kinf__hub_putu(h, c, (uint64_t)clen) && kinf__hub_puts(h, c, "\r\n\r\n"); }
    else { ok &= kinf__hub_puts(h, c, "Transfer-Encoding: chunked\r\n\r\n"); }
    return ok;
}
/* A chunk's size line, written when its data is: reserved as eight hex
   digits (leading zeros are allowed, RFC 9112 section 7.1) */
static size_t kinf__hub_chunk_open(kinf_hub_t* h, kinf__hcl* c) {
    size_t at = c->olen;
    return kinf__hub_putn(h, c, "00000000\r\n", 10) ? at : (size_t)-1;
}
static int kinf__hub_chunk_close(kinf_hub_t* h, kinf__hcl* c, size_t at) {
    static const char hex[] = "0123456789abcdef";
    size_t n = c->olen - at - 10;
    int k;
    if (n == 0) { c->olen = at; return 1; } /* an empty chunk would end the body */
    for (k = 7; k >= 0; k--) { c->out[at + (size_t)k] = (uint8_t)hex[n & 15]; n >>= 4; }
    return kinf__hub_putn(h, c, "\r\n", 2);
}
/* A body written whole into out after its head: with its length. */
static int kinf__hub_fixed(kinf_hub_t* h, kinf__hcl* c, int code, const char* ctype, const char* body, size_t n) {
    int ok = kinf__hub_head(h, c, code, ctype, (int64_t)n, 0) && kinf__hub_putn(h, c, body, n);
    c->st = KINF__HC_SEND;
    return ok;
}
/* A Status with its code (the connection kept unless close_after): its
   body built first in a client view of a local buffer, for its length. */
static void kinf__hub_status(kinf_hub_t* h, kinf__hcl* c, int code, const char* reason, const char* msg, const char* msg2,
                             const kinf__hres* r, const char* name) {
    char body[2048];
    kinf__hcl b;
    int ok;
    memset(&b, 0, sizeof(b));
    b.out = (uint8_t*)body; b.ocap = sizeof(body);
    ok = kinf__hub_puts(h, &b, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"") &&
         kinf__hub_putj(h, &b, msg) && kinf__hub_putj(h, &b, msg2 ? msg2 : "") && kinf__hub_puts(h, &b, "\",\"reason\":\"") &&
         kinf__hub_puts(h, &b, reason) && kinf__hub_puts(h, &b, "\"");
    if (r || name) {
        ok &= kinf__hub_puts(h, &b, ",\"details\":{");
        if (name) { ok &= kinf__hub_puts(h, &b, "\"name\":\"") && kinf__hub_putj(h, &b, name) && kinf__hub_puts(h, &b, "\""); }
        if (r) {
            ok &= kinf__hub_puts(h, &b, name ? "," : "") && kinf__hub_puts(h, &b, "\"group\":\"") && kinf__hub_putj(h, &b, r->r.group) &&
                  kinf__hub_puts(h, &b, "\",\"kind\":\"") && kinf__hub_putj(h, &b, r->r.plural) && kinf__hub_puts(h, &b, "\"");
        }
        ok &= kinf__hub_puts(h, &b, "}");
    }
    ok &= kinf__hub_puts(h, &b, ",\"code\":") && kinf__hub_putu(h, &b, (uint64_t)code) && kinf__hub_puts(h, &b, "}");
    ok = ok && kinf__hub_head(h, c, code, "application/json", (int64_t)b.olen, 0) && kinf__hub_putn(h, c, body, b.olen);
    c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
}

/* >>hub objects  An object as a client reads it: its kind and apiVersion in
   front when the stored JSON lacks them (list items often do), its
   identity in metadata when projection took it out (as kwatch prints). */
static int kinf__hub_api_version(kinf_hub_t* h, kinf__hcl* c, const kinf_resource_t* r) {
    if (!r->group[0]) { return kinf__hub_puts(h, c, r->version); }
    return kinf__hub_puts(h, c, r->group) && kinf__hub_puts(h, c, "/") && kinf__hub_puts(h, c, r->version);
}
static int kinf__hub_obj(kinf_hub_t* h, kinf__hcl* c, const kinf_resource_t* r, const kinf_object_t* o) {
    kinf_value_t md, nm, kd;
    const char* j = o->json;
    size_t at;
    int has_md, ok = 1, whole;
    whole = kinf_field(o, "metadata.name", &nm) && nm.ptr >= j && nm.ptr < j + o->json_len;
    has_md = kinf_field(o, "metadata", &md) && md.type == KINF_VOBJECT;
    if (o->json_len < 2 || j[0] != '{') { return 0; }
    ok &= kinf__hub_puts(h, c, "{");
    if (!(kinf_field(o, "kind", &kd) && kd.ptr >= j && kd.ptr < j + o->json_len)) {
        ok &= kinf__hub_puts(h, c, "\"kind\":\"") && kinf__hub_puts(h, c, r->kind) && kinf__hub_puts(h, c, "\",\"apiVersion\":\"") &&
              kinf__hub_api_version(h, c, r) && kinf__hub_puts(h, c, "\"");
        if (j[1] != '}' || (!whole && !has_md)) { ok &= kinf__hub_puts(h, c, ","); }
    }
    if (whole) { return ok && kinf__hub_putn(h, c, j + 1, o->json_len - 1); }
    at = has_md ? (size_t)(md.ptr - j) + 1 : 1; /* after the '{' that opens metadata, or the object */
    ok &= kinf__hub_putn(h, c, j + 1, at - 1);
    if (!has_md) { ok &= kinf__hub_puts(h, c, "\"metadata\":{"); }
    ok &= kinf__hub_puts(h, c, "\"name\":\"") && kinf__hub_putj(h, c, o->name) && kinf__hub_puts(h, c, "\"");
    if (o->namespace_[0]) { ok &= kinf__hub_puts(h, c, ",\"namespace\":\"") && kinf__hub_putj(h, c, o->namespace_) && kinf__hub_puts(h, c, "\""); }
    if (o->uid[0]) { ok &= kinf__hub_puts(h, c, ",\"uid\":\"") && kinf__hub_putj(h, c, o->uid) && kinf__hub_puts(h, c, "\""); }
    ok &= kinf__hub_puts(h, c, ",\"resourceVersion\":\"") && kinf__hub_putj(h, c, o->resource_version) && kinf__hub_puts(h, c, "\"");
    if (!has_md) { ok &= kinf__hub_puts(h, c, "}"); }
    if (j[at] != '}') { ok &= kinf__hub_puts(h, c, ","); }
    return ok && kinf__hub_putn(h, c, j + at, o->json_len - at);
}
static const char* const kinf__hub_types[4] = { "ADDED", "MODIFIED", "DELETED", "BOOKMARK" };

/* >>hub select  Selectors as the API server reads them (src/selector.c);
   a KINF_NO_SELECTOR build refuses a request that has one. */
#ifndef KINF_NO_SELECTOR
static int kinf__hub_sel_parse(kinf__hsel* s, const char* label, const char* field, char* why, size_t cap) {
    return kinf_selector_parse(s, label, field, why, cap);
}
static int kinf__hub_sel_match(const kinf__hsel* s, const kinf_object_t* o) { return kinf_selector_match(s, o); }
static int kinf__hub_sel_unkept(const kinf__hsel* s, kinf_informer_t* inf, char* path, size_t cap) { return kinf_selector_unkept(s, inf, path, cap); }
#else
static int kinf__hub_sel_parse(kinf__hsel* s, const char* label, const char* field, char* why, size_t cap) {
    s->any = (uint8_t)(label[0] || field[0]);
    if (s->any) { kinf__strlcpy(why, "selectors are not served by this build", cap); return KINF_ERR_INVAL; }
    return KINF_OK;
}
static int kinf__hub_sel_match(const kinf__hsel* s, const kinf_object_t* o) { (void)o; return !s->any; }
static int kinf__hub_sel_unkept(const kinf__hsel* s, kinf_informer_t* inf, char* path, size_t cap) { (void)s; (void)inf; (void)path; (void)cap; return 0; }
#endif

/* >>hub ring ops */
static uint64_t kinf__hub_rvnum(const char* rv) { int64_t v = kinf__parse_dec(rv, strlen(rv)); return v < 0 ? 0 : (uint64_t)v; }
/* the resourceVersion a list or bookmark of r stands at: every change up
   to it delivered to the window (the informer's, once its queue is empty) */
static uint64_t kinf__hub_current(kinf__hres* r) {
    uint64_t v = r->last;
    if (kinf_stats(r->inf).fifo_len == 0) {
        uint64_t i = kinf__hub_rvnum(kinf_resource_version(r->inf));
        if (i > v) { v = i; }
    }
    return v;
}
static void kinf__hub_evict(kinf__hres* r, int cap) {
    r->floor = r->ev[r->tail % (uint64_t)cap].seq;
    r->tail++;
    r->hub->st.ring_evicted++;
}
/* forgets the window: watchers behind it end, and relist */
static void kinf__hub_ring_reset(kinf__hres* r, uint64_t floor) {
    r->tail = r->head;
    r->wpos = 0;
    r->floor = floor;
    if (r->last < floor) { r->last = floor; }
}
/* One change into r's window. */
static void kinf__hub_record(kinf__hres* r, int type, const kinf_object_t* o, uint64_t seq) {
    kinf_hub_t* h = r->hub;
    size_t kl = strlen(o->key), nsl = strlen(o->namespace_), idl = kl + 1 + nsl + 1, total;
    kinf__hcl tmp;
    kinf__hev* e;
    int ok, cap = h->ring_events;
    if (seq < r->last) { seq = r->last; }
    /* the event is written by the client writer into the area: a client view of it */
    memset(&tmp, 0, sizeof(tmp));
    if (r->head - r->tail >= (uint64_t)cap) { kinf__hub_evict(r, cap); }
    /* room for the largest entry this change can make is found as it is written:
       first at wpos, else (not fitting) from the start of the area */
    for (;;) {
        size_t room;
        if (r->tail == r->head) { room = h->ring_bytes - r->wpos; }
        else {
            size_t t = r->ev[r->tail % (uint64_t)cap].off;
            room = t >= r->wpos ? t - r->wpos : h->ring_bytes - r->wpos;
        }
        tmp.out = r->data + r->wpos; tmp.olen = 0; tmp.ocap = room;
        {
            ok = room > idl && kinf__hub_putn(h, &tmp, o->key, kl + 1) && kinf__hub_putn(h, &tmp, o->namespace_, nsl + 1) &&
                 kinf__hub_puts(h, &tmp, "{\"type\":\"") && kinf__hub_puts(h, &tmp, kinf__hub_types[type]) && kinf__hub_puts(h, &tmp, "\",\"object\":");
            total = tmp.olen;
            ok = ok && kinf__hub_obj(h, &tmp, &r->r, o) && kinf__hub_puts(h, &tmp, "}\n");
        }
        if (ok) { break; }
        if (r->tail == r->head && r->wpos == 0) {
            /* larger than the whole area: the window cannot hold it */
            KINF__HUB_LOG(h, WARN, HUB_WINDOW_RESET, r->r.name, o->key);
            kinf__hub_ring_reset(r, seq);
            return;
        }
        if (r->tail != r->head && r->ev[r->tail % (uint64_t)cap].off >= r->wpos) { kinf__hub_evict(r, cap); }
        else { r->wpos = 0; }
        if (r->tail == r->head) { r->wpos = 0; }
    }
    e = &r->ev[r->head % (uint64_t)cap];
    e->seq = seq; e->off = (uint32_t)r->wpos; e->len = (uint32_t)tmp.olen;
    e->ev = (uint32_t)idl; e->klen = (uint16_t)kl; e->nslen = (uint16_t)nsl;
    e->obj = (uint32_t)(total - idl); e->objlen = (uint32_t)(tmp.olen - total - 2);
    r->head++;
    r->wpos += tmp.olen;
    r->last = seq;
}
static void kinf__hub_on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    kinf__hres* r = (kinf__hres*)u;
    (void)inf;
    if (r->synced) { kinf__hub_record(r, 0, o, kinf__hub_rvnum(o->resource_version)); }
}
static void kinf__hub_on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    kinf__hres* r = (kinf__hres*)u;
    (void)inf; (void)old;
    if (r->synced) { kinf__hub_record(r, 1, o, kinf__hub_rvnum(o->resource_version)); }
}
static void kinf__hub_on_delete(kinf_informer_t* inf, const kinf_object_t* o, int unknown, void* u) {
    kinf__hres* r = (kinf__hres*)u;
    /* a delete seen only at a relist happened before the informer's resourceVersion */
    uint64_t seq = unknown ? kinf__hub_rvnum(kinf_resource_version(inf)) : kinf__hub_rvnum(o->resource_version);
    if (r->synced) { kinf__hub_record(r, 2, o, seq); }
}
static void kinf__hub_on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    kinf__hres* r = (kinf__hres*)u;
    (void)inf; (void)old;
    if (!r->synced) { return; }
    KINF__HUB_LOG(r->hub, WARN, HUB_WINDOW_RESET, r->r.name, o->key);
    kinf__hub_ring_reset(r, kinf__hub_rvnum(o->resource_version));
}
/* a view of entry e of r's window as an object (for selectors) */
static void kinf__hub_ev_view(const kinf__hres* r, const kinf__hev* e, kinf_object_t* o) {
    const char* p = (const char*)r->data + e->off;
    memset(o, 0, sizeof(*o));
    o->key = p;
    o->namespace_ = p + e->klen + 1;
    o->name = e->nslen ? p + e->nslen + 1 : p;
    o->uid = "";
    o->resource_version = "";
    o->json = p + e->ev + e->obj;
    o->json_len = e->objlen;
}

/* >>hub forward  The fourth owner of a connection (docs/architecture.md):
   a request the cache does not answer goes to the API server as the client
   wrote it, with the client's own Authorization and none of the hub's
   credentials; the response comes back re-framed as chunked, at the
   client's pace (a full send buffer stops the reads). */
#define KINF__HUB_FW_HEAD (KINF_MAX_HEAD_BYTES + 512u)
typedef struct kinf__hfw {
    kinf_engine_t conn;
    struct kinf_hub_t* hub;
    int idx;                      /* its place among the hub's */
    int cl;                       /* the client slot served, -1: free */
    int id;                       /* its id */
    char* req;                    /* the request head, then its body */
    size_t hlen, blen, bneed;
    int head_sent;
    char path[256];               /* for log lines */
    char prefix[KINF__MAX_STR];
} kinf__hfw;
static kinf__hfw* kinf__hub_fwat(kinf_hub_t* h, int i) { return (kinf__hfw*)(void*)((uint8_t*)h->fw + (size_t)i * h->fw_block); }
static kinf__hcl* kinf__hub_fw_client(kinf__hfw* w) { return w->cl >= 0 ? kinf__hub_cl(w->hub, w->id) : 0; }
/* the forwarder lets its client go: the exchange, if not whole, is dropped */
static void kinf__hub_fw_free(kinf__hfw* w, int keep) {
    kinf__hcl* c = kinf__hub_fw_client(w);
    if (c) { c->fw = -1; }
    if (!keep) { kinf__conn_drop(&w->conn); }
    w->conn.cstate = KINF__C_NONE;
    w->cl = -1;
}
/* the value of header name (lowercase) in the raw head h[0..n), or NULL */
static const char* kinf__hub_hdr(const char* h, size_t n, const char* name, size_t* len) {
    size_t i = 0, nl = strlen(name);
    while (i < n) {
        size_t e = i, v;
        while (e < n && h[e] != '\n') { e++; }
        if (e - i > nl && h[i + nl] == ':' && kinf__ieq(h + i, nl, name)) {
            size_t ve = e;
            v = i + nl + 1;
            while (v < ve && (h[v] == ' ' || h[v] == '\t')) { v++; }
            while (ve > v && (h[ve - 1] == '\r' || h[ve - 1] == ' ' || h[ve - 1] == '\t')) { ve--; }
            *len = ve - v;
            return h + v;
        }
        i = e + 1;
    }
    return 0;
}
static int kinf__hub_fw_head(void* owner) {
    kinf__hfw* w = (kinf__hfw*)owner;
    kinf__hcl* c = kinf__hub_fw_client(w);
    kinf_hub_t* h = w->hub;
    size_t tl = 0;
    const char* ct = kinf__hub_hdr(w->conn.head, w->conn.hlen, "content-type", &tl);
    char reason[48];
    int ok, code = w->conn.resp.status;
    if (!c) { return -1; }
    /* the status line as the server wrote it: its reason phrase, bounded */
    {
        const char* sp = (const char*)memchr(w->conn.head + 9, ' ', w->conn.hlen > 9 ? w->conn.hlen - 9 : 0);
        size_t k = 0;
        if (sp) { sp++; while (k + 1 < sizeof(reason) && sp + k < w->conn.head + w->conn.hlen && sp[k] >= 0x20 && sp[k] < 0x7f) { reason[k] = sp[k]; k++; } }
        reason[k] = 0;
    }
    ok = kinf__hub_puts(h, c, "HTTP/1.1 ") && kinf__hub_putu(h, c, (uint64_t)code) && kinf__hub_puts(h, c, " ") && kinf__hub_puts(h, c, reason) &&
         kinf__hub_puts(h, c, "\r\n");
    if (ct) { ok &= kinf__hub_puts(h, c, "Content-Type: ") && kinf__hub_putn(h, c, ct, tl) && kinf__hub_puts(h, c, "\r\n"); }
    if (c->close_after) { ok &= kinf__hub_puts(h, c, "Connection: close\r\n"); }
    ok &= kinf__hub_puts(h, c, "Transfer-Encoding: chunked\r\n\r\n");
    if (!ok) { return -1; }
    w->head_sent = 1;
    return 0;
}
/* the response's body bytes into the client's buffer, as chunks, as many as fit */
static void kinf__hub_fw_advance(void* owner) {
    kinf__hfw* w = (kinf__hfw*)owner;
    kinf__hcl* c = kinf__hub_fw_client(w);
    kinf_hub_t* h = w->hub;
    if (!c || w->conn.cstate != KINF__C_RECV || !w->head_sent) { return; }
    while (kinf__conn_pending(&w->conn)) {
        const uint8_t* b = 0;
        long k = kinf__conn_next(&w->conn, &b);
        size_t room, at;
        if (k < 0) { c->st = KINF__HC_CLOSE; kinf__hub_fw_free(w, 0); return; }
        if (k == 0) { continue; }
        room = c->ocap - c->olen;
        if (room < 64) { return; } /* the client's buffer is full: no read until it drains */
        room -= 16;
        if ((size_t)k > room) { k = (long)room; }
        at = kinf__hub_chunk_open(h, c);
        (void)kinf__hub_putn(h, c, (const char*)b, (size_t)k);
        (void)kinf__hub_chunk_close(h, c, at);
        kinf__conn_take(&w->conn, (size_t)k);
    }
    if (w->conn.body_done) {
        if (c->ocap - c->olen < 8) { return; }
        (void)kinf__hub_puts(h, c, "0\r\n\r\n");
        kinf__conn_finished(&w->conn);
        c->st = KINF__HC_SEND;
        kinf__hub_fw_free(w, w->conn.reusable);
    }
}
static void kinf__hub_fw_lost(void* owner, int why, uint32_t item) {
    kinf__hfw* w = (kinf__hfw*)owner;
    kinf__hcl* c = kinf__hub_fw_client(w);
    (void)why; (void)item;
    w->hub->st.forward_failed++;
    KINF__HUB_LOG(w->hub, WARN, HUB_FORWARD_FAILED, w->path, 0);
    if (c) {
        if (!w->head_sent) {
            c->olen = c->opos = 0;
            kinf__hub_status(w->hub, c, 503, "ServiceUnavailable", "the API server is unreachable from this node: ", w->path, 0, 0);
        } else { c->st = KINF__HC_CLOSE; } /* its response is cut: the client sees the connection end */
    }
    kinf__hub_fw_free(w, 0);
}
static unsigned kinf__hub_fw_gate(const void* owner) { (void)owner; return KINF_ENG_RECV; }
static uint64_t kinf__hub_fw_deadline(const void* owner) { (void)owner; return UINT64_MAX; }
static int kinf__hub_fw_build(void* owner) { (void)owner; return 1; } /* no token of the hub's: nothing to build again */
static void kinf__hub_fw_log(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__hub_log(((kinf__hfw*)owner)->hub, level, item, d1, d2, line);
}
static const kinf__conn_ops kinf__hub_fw_ops = {
    kinf__hub_fw_advance, kinf__hub_fw_build, kinf__hub_fw_head, kinf__hub_fw_lost, kinf__hub_fw_gate, kinf__hub_fw_deadline, 0, kinf__hub_fw_log
};
/* the body has come: the request goes */
static void kinf__hub_fw_go(kinf_hub_t* h, kinf__hcl* c) {
    kinf__hfw* w = kinf__hub_fwat(h, c->fw);
    c->st = KINF__HC_FWD;
    w->conn.wbuf = w->req;
    w->conn.wlen = w->hlen + w->blen; w->conn.wpos = 0;
    w->head_sent = 0;
    h->st.forwarded++;
    kinf__conn_start(&w->conn);
}
/* body bytes in the client's read buffer to its forwarder */
static void kinf__hub_fw_feed(kinf_hub_t* h, kinf__hcl* c) {
    kinf__hfw* w;
    size_t k;
    if (c->st != KINF__HC_FWD_BODY || c->fw < 0) { return; }
    w = kinf__hub_fwat(h, c->fw);
    k = w->bneed - w->blen < c->ilen ? w->bneed - w->blen : c->ilen;
    memcpy(w->req + w->hlen + w->blen, c->in, k);
    w->blen += k;
    memmove(c->in, c->in + k, c->ilen - k);
    c->ilen -= k;
    if (w->blen == w->bneed) { kinf__hub_fw_go(h, c); }
}
/* a request to forward: its head rebuilt (the client's Authorization,
   Accept, Content-Type and Content-Length; the hub's Host), its body read */
static void kinf__hub_forward(kinf_hub_t* h, kinf__hcl* c, const char* raw, size_t rawlen, const kinf__hreq* q) {
    static const char* const keep[] = { "authorization", "accept", "content-type", "content-length", "impersonate-user",
                                        "impersonate-group", "impersonate-uid", 0 };
    char extra[KINF_MAX_HEAD_BYTES];
    size_t o = 0, ml, i, pl;
    kinf__hfw* w = 0;
    int k, ok;
    for (k = 0; k < h->nfw && !w; k++) { if (kinf__hub_fwat(h, k)->cl < 0) { w = kinf__hub_fwat(h, k); } }
    if (!w) {
        kinf__hub_status(h, c, 503, "ServiceUnavailable", "every forwarding connection is busy: retry", 0, 0, 0);
        return;
    }
    if (q->chunked) { kinf__hub_status(h, c, 411, "LengthRequired", "a forwarded request needs a Content-Length", 0, 0, 0); return; }
    if (q->clen > (int64_t)h->fw_body) {
        c->close_after = 1;
        kinf__hub_status(h, c, 413, "RequestEntityTooLarge", "the request body is larger than the hub forwards", 0, 0, 0);
        return;
    }
    extra[0] = 0;
    for (k = 0; keep[k]; k++) {
        size_t vl;
        const char* v = kinf__hub_hdr(raw, rawlen, keep[k], &vl);
        if (!v) { continue; }
        ok = kinf__put(extra, sizeof(extra), &o, keep[k]) && kinf__put(extra, sizeof(extra), &o, ": ");
        if (!ok || o + vl + 3 >= sizeof(extra)) { kinf__hub_status(h, c, 431, "RequestHeaderFieldsTooLarge", "header fields too large", 0, 0, 0); return; }
        memcpy(extra + o, v, vl); o += vl;
        extra[o] = 0;
        (void)kinf__put(extra, sizeof(extra), &o, "\r\n");
    }
    /* the request line: the method and the target as written (the target was checked to be visible ASCII) */
    for (ml = 0; ml < rawlen && raw[ml] != ' '; ml++) {}
    pl = q->path_len + (q->query_len ? q->query_len + 1 : 0);
    o = 0;
    w->req[0] = 0;
    ok = ml + 1 + pl < KINF__HUB_FW_HEAD;
    if (ok) {
        memcpy(w->req, raw, ml + 1);
        memcpy(w->req + ml + 1, q->path, pl);
        o = ml + 1 + pl;
        w->req[o] = 0;
        ok = kinf__conn_headers(&w->conn, w->req, KINF__HUB_FW_HEAD, &o, extra, "Connection: keep-alive\r\n");
    }
    if (!ok) { kinf__hub_status(h, c, 431, "RequestHeaderFieldsTooLarge", "the request is too large to forward", 0, 0, 0); return; }
    i = q->path_len < sizeof(w->path) - 1 ? q->path_len : sizeof(w->path) - 1;
    memcpy(w->path, q->path, i); w->path[i] = 0;
    w->hlen = o; w->blen = 0; w->bneed = q->clen > 0 ? (size_t)q->clen : 0;
    w->cl = (int)(c - h->cl);
    w->id = kinf__hub_id(c, w->cl);
    c->fw = w->idx;
    c->skip = 0;
    c->st = KINF__HC_FWD_BODY;
}

/* >>hub serve  What a request asks for, answered from the cache. */
static kinf__hres* kinf__hub_find(kinf_hub_t* h, const char* group, size_t gl, const char* ver, size_t vl, const char* plural, size_t pl) {
    int i;
    for (i = 0; i < h->nres; i++) {
        const kinf_resource_t* r = &h->res[i].r;
        if (strlen(r->group) == gl && !memcmp(r->group, group, gl) && strlen(r->version) == vl && !memcmp(r->version, ver, vl) &&
            strlen(r->plural) == pl && !memcmp(r->plural, plural, pl)) {
            return &h->res[i];
        }
    }
    return 0;
}
static int kinf__hub_has_gv(kinf_hub_t* h, const char* group, size_t gl, const char* ver, size_t vl) {
    int i;
    for (i = 0; i < h->nres; i++) {
        const kinf_resource_t* r = &h->res[i].r;
        if (strlen(r->group) == gl && !memcmp(r->group, group, gl) && (!ver || (strlen(r->version) == vl && !memcmp(r->version, ver, vl)))) { return 1; }
    }
    return 0;
}
/* the body of a discovery document, chunked */
static void kinf__hub_resource_list(kinf_hub_t* h, kinf__hcl* c, const char* group, size_t gl, const char* ver, size_t vl) {
    static const char* const verbs[8] = { "get", "list", "watch", "create", "update", "patch", "delete", "deletecollection" };
    size_t at;
    int i, k, first = 1, ok;
    ok = kinf__hub_head(h, c, 200, "application/json", -1, 0);
    at = kinf__hub_chunk_open(h, c);
    ok &= at != (size_t)-1 && kinf__hub_puts(h, c, "{\"kind\":\"APIResourceList\",\"apiVersion\":\"v1\",\"groupVersion\":\"");
    if (gl) { ok &= kinf__hub_putn(h, c, group, gl) && kinf__hub_puts(h, c, "/"); }
    ok &= kinf__hub_putn(h, c, ver, vl) && kinf__hub_puts(h, c, "\",\"resources\":[");
    for (i = 0; i < h->nres && ok; i++) {
        const kinf_resource_t* r = &h->res[i].r;
        if (strlen(r->group) != gl || memcmp(r->group, group, gl) || strlen(r->version) != vl || memcmp(r->version, ver, vl)) { continue; }
        ok &= kinf__hub_puts(h, c, first ? "{\"name\":\"" : ",{\"name\":\"") && kinf__hub_putj(h, c, r->plural) &&
              kinf__hub_puts(h, c, "\",\"singularName\":\"") && kinf__hub_putj(h, c, r->singular) &&
              kinf__hub_puts(h, c, r->namespaced ? "\",\"namespaced\":true" : "\",\"namespaced\":false") &&
              kinf__hub_puts(h, c, ",\"kind\":\"") && kinf__hub_putj(h, c, r->kind) && kinf__hub_puts(h, c, "\",\"verbs\":[");
        first = 0;
        for (k = 0; k < 8; k++) {
            if (r->verbs & (1u << k)) { ok &= kinf__hub_puts(h, c, (r->verbs & ((1u << k) - 1u)) ? ",\"" : "\"") && kinf__hub_puts(h, c, verbs[k]) && kinf__hub_puts(h, c, "\""); }
        }
        ok &= kinf__hub_puts(h, c, "]");
        if (r->short_names[0]) {
            const char* s = r->short_names;
            ok &= kinf__hub_puts(h, c, ",\"shortNames\":[\"");
            for (; *s && ok; s++) { ok &= *s == ',' ? kinf__hub_puts(h, c, "\",\"") : kinf__hub_putn(h, c, s, 1); }
            ok &= kinf__hub_puts(h, c, "\"]");
        }
        ok &= kinf__hub_puts(h, c, "}");
    }
    ok &= kinf__hub_puts(h, c, "]}") && kinf__hub_chunk_close(h, c, at) && kinf__hub_puts(h, c, "0\r\n\r\n");
    c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
}
static void kinf__hub_groups(kinf_hub_t* h, kinf__hcl* c) {
    size_t at;
    int i, k, ok, first = 1;
    ok = kinf__hub_head(h, c, 200, "application/json", -1, 0);
    at = kinf__hub_chunk_open(h, c);
    ok &= at != (size_t)-1 && kinf__hub_puts(h, c, "{\"kind\":\"APIGroupList\",\"apiVersion\":\"v1\",\"groups\":[");
    for (i = 0; i < h->nres && ok; i++) {
        const kinf_resource_t* r = &h->res[i].r;
        int seen = 0;
        if (!r->group[0]) { continue; }
        for (k = 0; k < i && !seen; k++) { seen = !strcmp(h->res[k].r.group, r->group); }
        if (seen) { continue; }
        ok &= kinf__hub_puts(h, c, first ? "{\"name\":\"" : ",{\"name\":\"") && kinf__hub_putj(h, c, r->group) && kinf__hub_puts(h, c, "\",\"versions\":[");
        first = 0;
        for (k = i; k < h->nres && ok; k++) {
            const kinf_resource_t* q = &h->res[k].r;
            int dup = 0, m;
            if (strcmp(q->group, r->group)) { continue; }
            for (m = i; m < k && !dup; m++) { dup = !strcmp(h->res[m].r.group, r->group) && !strcmp(h->res[m].r.version, q->version); }
            if (dup) { continue; }
            ok &= kinf__hub_puts(h, c, k == i ? "{\"groupVersion\":\"" : ",{\"groupVersion\":\"") && kinf__hub_api_version(h, c, q) &&
                  kinf__hub_puts(h, c, "\",\"version\":\"") && kinf__hub_putj(h, c, q->version) && kinf__hub_puts(h, c, "\"}");
        }
        ok &= kinf__hub_puts(h, c, "],\"preferredVersion\":{\"groupVersion\":\"") && kinf__hub_api_version(h, c, r) &&
              kinf__hub_puts(h, c, "\",\"version\":\"") && kinf__hub_putj(h, c, r->version) && kinf__hub_puts(h, c, "\"}}");
    }
    ok &= kinf__hub_puts(h, c, "]}") && kinf__hub_chunk_close(h, c, at) && kinf__hub_puts(h, c, "0\r\n\r\n");
    c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
}
/* does object o belong to client c's list or watch? */
static int kinf__hub_wants(const kinf__hcl* c, const kinf_object_t* o) {
    return (!c->ns[0] || !strcmp(c->ns, o->namespace_)) && kinf__hub_sel_match(&c->sel, o);
}
/* The list's items, as many as fit; the end of the list when done. */
static void kinf__hub_fill_list(kinf_hub_t* h, kinf__hcl* c) {
    kinf__hres* r = &h->res[c->res];
    kinf_object_t o;
    for (;;) {
        size_t mark = c->olen, at;
        kinf_iter_t save = c->it;
        int more = c->limit <= 0 || c->items < c->limit;
        if (more && kinf_next(r->inf, &c->it, &o)) {
            if (!kinf__hub_wants(c, &o)) { continue; }
            at = kinf__hub_chunk_open(h, c);
            if (at == (size_t)-1 || !kinf__hub_puts(h, c, c->first ? "" : ",") || !kinf__hub_obj(h, c, &r->r, &o) || !kinf__hub_chunk_close(h, c, at)) {
                c->olen = mark; c->it = save; /* later, when the buffer has room */
                return;
            }
            c->first = 0;
            c->items++;
            continue;
        }
        /* the end: metadata after the items, with the continue token when more are left */
        at = kinf__hub_chunk_open(h, c);
        {
            int ok = at != (size_t)-1 && kinf__hub_puts(h, c, "],\"metadata\":{\"resourceVersion\":\"") && kinf__hub_putu(h, c, c->rv) &&
                     kinf__hub_puts(h, c, "\"");
            if (!more) {
                kinf_object_t peek;
                kinf_iter_t p = c->it;
                int left = 0;
                while (!left && kinf_next(r->inf, &p, &peek)) { left = kinf__hub_wants(c, &peek); }
                if (left) {
                    ok &= kinf__hub_puts(h, c, ",\"continue\":\"") && kinf__hub_putu(h, c, c->rv) && kinf__hub_puts(h, c, ".") &&
                          kinf__hub_putu(h, c, c->it.pos) && kinf__hub_puts(h, c, "\"");
                }
            }
            ok &= kinf__hub_puts(h, c, "}}") && kinf__hub_chunk_close(h, c, at) && kinf__hub_puts(h, c, "0\r\n\r\n");
            if (!ok) { c->olen = mark; return; }
        }
        c->st = KINF__HC_SEND;
        return;
    }
}
/* A bookmark at r's current resourceVersion; end: the watch-list's end of the initial events. */
static int kinf__hub_bookmark(kinf_hub_t* h, kinf__hcl* c, kinf__hres* r, int end) {
    size_t mark = c->olen, at = kinf__hub_chunk_open(h, c);
    int ok = at != (size_t)-1 && kinf__hub_puts(h, c, "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"") && kinf__hub_puts(h, c, r->r.kind) &&
             kinf__hub_puts(h, c, "\",\"apiVersion\":\"") && kinf__hub_api_version(h, c, &r->r) &&
             kinf__hub_puts(h, c, "\",\"metadata\":{\"resourceVersion\":\"") && kinf__hub_putu(h, c, kinf__hub_current(r)) &&
             kinf__hub_puts(h, c, end ? "\",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}}}}\n" : "\"}}}\n") &&
             kinf__hub_chunk_close(h, c, at);
    if (!ok) { c->olen = mark; return 0; }
    h->st.bookmarks_sent++;
    c->t_bm = h->now;
    return 1;
}
/* ends a streamed response; the connection is kept unless the request closes it */
static void kinf__hub_end_stream(kinf_hub_t* h, kinf__hcl* c) {
    if (!kinf__hub_puts(h, c, "0\r\n\r\n")) { c->close_after = 1; }
    c->st = KINF__HC_SEND;
}
/* A watch: its initial events from the store, then the window's changes
   after its cursor, and bookmarks; ended when it falls behind the window. */
static void kinf__hub_fill_watch(kinf_hub_t* h, kinf__hcl* c) {
    kinf__hres* r = &h->res[c->res];
    int cap = h->ring_events;
    kinf_object_t o;
    while (c->initial) {
        size_t mark = c->olen, at;
        kinf_iter_t save = c->it;
        if (!kinf_next(r->inf, &c->it, &o)) {
            c->initial = 0;
            if (c->end_bm && !kinf__hub_bookmark(h, c, r, 1)) { c->initial = 1; c->it = save; return; }
            break;
        }
        if (!kinf__hub_wants(c, &o)) { continue; }
        at = kinf__hub_chunk_open(h, c);
        if (at == (size_t)-1 || !kinf__hub_puts(h, c, "{\"type\":\"ADDED\",\"object\":") || !kinf__hub_obj(h, c, &r->r, &o) ||
            !kinf__hub_puts(h, c, "}\n") || !kinf__hub_chunk_close(h, c, at)) {
            c->olen = mark; c->it = save;
            return;
        }
        h->st.events_sent++;
    }
    if (c->cursor < r->tail) {
        /* the window moved past this watcher: its watch ends, it resumes and is told 410 */
        KINF__HUB_LOG(h, INFO, HUB_SLOW_CLIENT, r->r.name, " (the window of changes passed it)");
        h->st.slow_ended++;
        kinf__hub_end_stream(h, c);
        return;
    }
    while (c->cursor < r->head) {
        const kinf__hev* e = &r->ev[c->cursor % (uint64_t)cap];
        const char* p = (const char*)r->data + e->off;
        size_t at, mark = c->olen;
        int type = p[e->ev + 9] == 'A' ? 0 : p[e->ev + 9] == 'M' ? 1 : 2;
        kinf_object_t v;
        kinf__hub_ev_view(r, e, &v);
        /* a change that takes an object out of the selector is a delete to this watcher */
        if (!c->ns[0] || !strcmp(c->ns, v.namespace_)) {
            int match = kinf__hub_sel_match(&c->sel, &v);
            if (match || type == 1) {
                at = kinf__hub_chunk_open(h, c);
                if (at == (size_t)-1 || !kinf__hub_puts(h, c, "{\"type\":\"") || !kinf__hub_puts(h, c, kinf__hub_types[match ? type : 2]) ||
                    !kinf__hub_puts(h, c, "\",\"object\":") || !kinf__hub_putn(h, c, v.json, v.json_len) || !kinf__hub_puts(h, c, "}\n") ||
                    !kinf__hub_chunk_close(h, c, at)) {
                    c->olen = mark;
                    return;
                }
                h->st.events_sent++;
            }
        }
        c->cursor++;
    }
    if (c->t_end && h->now >= c->t_end) { kinf__hub_end_stream(h, c); return; }
    if (c->bookmarks && h->now >= c->t_bm + (uint64_t)h->d.bookmark_ms) { (void)kinf__hub_bookmark(h, c, r, 0); }
}
/* the first entry of r's window after resourceVersion rv, or -1: not in the window (410) */
static int kinf__hub_seek(const kinf__hres* r, uint64_t rv, int cap, uint64_t* out) {
    uint64_t i;
    if (rv < r->floor) { return -1; }
    for (i = r->tail; i < r->head && r->ev[i % (uint64_t)cap].seq <= rv; i++) {}
    *out = i;
    return 0;
}
/* the next term of a selector as written, from s: split at the commas
   outside parentheses (not those of "in (a,b)"), spaces trimmed; 0 at the end */
static const char* kinf__hub_term(const char* s, const char** t, size_t* tl) {
    const char* e;
    int depth = 0;
    while (*s == ' ' || *s == ',') { s++; }
    if (!*s) { return 0; }
    for (e = s; *e && (depth || *e != ','); e++) { depth += *e == '('; depth -= *e == ')' && depth; }
    *t = s; *tl = (size_t)(e - s);
    while (*tl && s[*tl - 1] == ' ') { (*tl)--; }
    return e;
}
/* two values of a set, in byte order */
static int kinf__hub_vcmp(const char* a, size_t al, const char* b, size_t bl) {
    int c = memcmp(a, b, al < bl ? al : bl);
    return c ? c : (al > bl) - (al < bl);
}
/* A term in one spelling of the ways it may be written, into out (cap
   bytes; its length, or cap when it does not fit): one space between two
   words (a key and "in", "notin"), none elsewhere, "==" as "=", a set's
   values in byte order and each once, and "k in (v)" of one value as
   "k=v" (Kubernetes reads them alike). */
static size_t kinf__hub_canon(const char* t, size_t tl, char* out, size_t cap) {
    size_t i = 0, n = 0, k;
    int word = 0, sp = 0; /* the last written was a word's; spaces since */
    while (i < tl) {
        char ch = t[i];
        if (ch == ' ') { sp = 1; i++; continue; }
        if (ch == '=' || ch == '!' || ch == '(' || ch == ')' || ch == ',') {
            if (n >= cap) { return cap; }
            out[n++] = ch;
            i += (ch == '=' && i + 1 < tl && t[i + 1] == '=') ? 2u : 1u; /* "==" is "=" */
            word = 0; sp = 0;
            continue;
        }
        if (word && sp) { if (n >= cap) { return cap; } out[n++] = ' '; }
        if (n >= cap) { return cap; }
        out[n++] = ch;
        word = 1; sp = 0; i++;
    }
    /* a set's values, "(v1,v2,...)" at the end: in byte order, each once */
    {
        const char* op = (const char*)memchr(out, '(', n);
        if (op && out[n - 1] == ')' && n - (size_t)(op - out) > 2) {
            size_t a = (size_t)(op - out) + 1, b = n - 1, w = 0, nv = 0;
            char set[KINF__MAX_STR];
            const char* last = 0;
            size_t lastl = 0;
            for (;;) { /* the least value after the last one written */
                const char *v = out + a, *best = 0;
                size_t bl = 0;
                while (v <= out + b) {
                    const char* e = (const char*)memchr(v, ',', (size_t)(out + b - v));
                    size_t vl;
                    if (!e) { e = out + b; }
                    vl = (size_t)(e - v);
                    if ((!last || kinf__hub_vcmp(v, vl, last, lastl) > 0) && (!best || kinf__hub_vcmp(v, vl, best, bl) < 0)) { best = v; bl = vl; }
                    v = e + 1;
                }
                if (!best) { break; }
                if (nv++) { set[w++] = ','; }
                memcpy(set + w, best, bl); w += bl;
                last = best; lastl = bl;
            }
            /* "k in(v)" of one value, v not empty: "k=v" */
            k = a - 4; /* where " in(" would begin */
            if (nv == 1 && w && a >= 5 && !memcmp(out + k, " in(", 4) && !memchr(out, ' ', k)) {
                out[k] = '=';
                memcpy(out + k + 1, set, w);
                return k + 1 + w;
            }
            memcpy(out + a, set, w); /* w <= b - a: each value once, no more commas */
            out[a + w] = ')';
            n = a + w + 1;
        }
    }
    return n;
}
/* does a request's selector hold every term of the cache's own selector
   (each in its one spelling, kinf__hub_canon)? Then every object it asks
   for is in the cache. (A term written another way, say a set of values
   in another order, is not recognised: the request is forwarded.) */
static int kinf__hub_covers(const char* req, const char* own) {
    const char *o = own, *ot, *qt;
    char oc[KINF__MAX_STR], qc[KINF__MAX_STR];
    size_t ol, ql, on, qn;
    while ((o = kinf__hub_term(o, &ot, &ol)) != 0) {
        const char* q = req;
        int found = 0;
        on = kinf__hub_canon(ot, ol, oc, sizeof(oc));
        while (!found && (q = kinf__hub_term(q, &qt, &ql)) != 0) {
            qn = kinf__hub_canon(qt, ql, qc, sizeof(qc));
            found = on < sizeof(oc) && qn == on && !memcmp(qc, oc, on);
        }
        if (!found) { return 0; }
    }
    return 1;
}
/* A list, a get or a watch of a cached resource. */
static void kinf__hub_resource(kinf_hub_t* h, kinf__hcl* c, const kinf__hreq* q, kinf__hres* r, const char* ns, const char* name,
                               const char* raw, size_t rawlen) {
    char lsel[KINF__MAX_STR], fsel[KINF__MAX_STR], v[KINF__MAX_STR], why[256];
    const char* qs = q->query;
    size_t qn = q->query_len;
    int watch;
    if (!r->synced) {
        kinf__hub_status(h, c, 503, "ServiceUnavailable", "the cache of this resource has not synced yet: ", r->r.name, r, 0);
        return;
    }
    if (name) {
        char key[KINF__MAX_KEY + 1];
        kinf_object_t o;
        size_t at;
        int ok;
        key[0] = 0;
        if (ns[0]) { kinf__cat(key, sizeof(key), ns); kinf__cat(key, sizeof(key), "/"); }
        if (!kinf__cat(key, sizeof(key), name) || !kinf_get(r->inf, key, &o)) {
            char msg[KINF__MAX_NAME * 2 + 32];
            if ((r->inf->lsel[0] || r->inf->fsel[0]) && h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; } /* outside the cache's selector, maybe */
            msg[0] = 0;
            kinf__cat(msg, sizeof(msg), r->r.plural); kinf__cat(msg, sizeof(msg), " \""); kinf__cat(msg, sizeof(msg), name);
            h->st.not_found++;
            kinf__hub_status(h, c, 404, "NotFound", msg, "\" not found", r, name);
            return;
        }
        h->st.gets++;
        ok = kinf__hub_head(h, c, 200, "application/json", -1, r->inf);
        at = kinf__hub_chunk_open(h, c);
        ok &= at != (size_t)-1 && kinf__hub_obj(h, c, &r->r, &o) && kinf__hub_chunk_close(h, c, at) && kinf__hub_puts(h, c, "0\r\n\r\n");
        c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
        return;
    }
    if (kinf__hub_qget(qs, qn, "labelSelector", lsel, sizeof(lsel)) < 0 || kinf__hub_qget(qs, qn, "fieldSelector", fsel, sizeof(fsel)) < 0) {
        kinf__hub_status(h, c, 400, "BadRequest", "a selector is malformed or too long", 0, 0, 0);
        return;
    }
    if (!kinf__hub_covers(lsel, r->inf->lsel) || !kinf__hub_covers(fsel, r->inf->fsel)) {
        /* the cache holds only the objects of its own selector: a request without it asks for more */
        if (h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        h->st.bad_requests++;
        kinf__hub_status(h, c, 400, "BadRequest", "this node-local cache holds only the objects of its selector, which the request lacks: ",
                         r->inf->lsel[0] ? r->inf->lsel : r->inf->fsel, 0, 0);
        return;
    }
    if (kinf__hub_sel_parse(&c->sel, lsel, fsel, why, sizeof(why)) != KINF_OK) {
        h->st.bad_requests++;
        kinf__hub_status(h, c, 400, "BadRequest", why, 0, 0, 0);
        return;
    }
    if (kinf__hub_sel_unkept(&c->sel, r->inf, why, sizeof(why))) {
        /* a field the cache does not keep cannot be judged from it */
        h->st.bad_requests++;
        kinf__hub_status(h, c, 400, "BadRequest", "this node-local cache does not keep the field the selector reads: ", why, 0, 0);
        return;
    }
    kinf__strlcpy(c->ns, ns, sizeof(c->ns));
    c->res = (int)(r - h->res);
    memset(&c->it, 0, sizeof(c->it));
    c->items = 0; c->first = 1;
    watch = kinf__hub_qget(qs, qn, "watch", v, sizeof(v)) > 0 && kinf__hub_truthy(v);
    if (!watch) {
        c->limit = 0;
        if (kinf__hub_qget(qs, qn, "limit", v, sizeof(v)) > 0) { int64_t l = kinf__parse_dec(v, strlen(v)); c->limit = l > 0 ? (long)l : 0; }
        c->rv = kinf__hub_current(r);
        if (kinf__hub_qget(qs, qn, "continue", v, sizeof(v)) > 0 && v[0]) {
            const char* dot = strchr(v, '.');
            int64_t crv = dot ? kinf__parse_dec(v, (size_t)(dot - v)) : -1, pos = dot ? kinf__parse_dec(dot + 1, strlen(dot + 1)) : -1;
            if (crv < 0 || pos < 0 || pos > 0xffffffffll) {
                kinf__hub_status(h, c, 400, "BadRequest", "the continue token is malformed", 0, 0, 0);
                return;
            }
            if ((uint64_t)crv < r->floor) {
                h->st.expired++;
                kinf__hub_status(h, c, 410, "Expired", "the continue token is too old: list again from the start", 0, 0, 0);
                return;
            }
            c->rv = (uint64_t)crv;
            c->it.pos = (uint32_t)pos;
        }
        h->st.lists++;
        if (!kinf__hub_head(h, c, 200, "application/json", -1, r->inf)) { c->st = KINF__HC_CLOSE; return; }
        {
            size_t at = kinf__hub_chunk_open(h, c);
            int ok = at != (size_t)-1 && kinf__hub_puts(h, c, "{\"kind\":\"") && kinf__hub_puts(h, c, r->r.kind) && kinf__hub_puts(h, c, "List\",\"apiVersion\":\"") &&
                     kinf__hub_api_version(h, c, &r->r) && kinf__hub_puts(h, c, "\",\"items\":[") && kinf__hub_chunk_close(h, c, at);
            if (!ok) { c->st = KINF__HC_CLOSE; return; }
        }
        c->st = KINF__HC_LIST;
        kinf__hub_fill_list(h, c);
        return;
    }
    /* a watch */
    {
        int have_rv = kinf__hub_qget(qs, qn, "resourceVersion", v, sizeof(v)) > 0 && v[0] && strcmp(v, "0");
        int64_t t;
        char b[16];
        c->bookmarks = (uint8_t)(kinf__hub_qget(qs, qn, "allowWatchBookmarks", b, sizeof(b)) > 0 && kinf__hub_truthy(b));
        c->end_bm = (uint8_t)(kinf__hub_qget(qs, qn, "sendInitialEvents", b, sizeof(b)) > 0 && kinf__hub_truthy(b));
        c->initial = (uint8_t)(!have_rv || c->end_bm);
        c->t_end = 0;
        if (kinf__hub_qget(qs, qn, "timeoutSeconds", b, sizeof(b)) > 0 && (t = kinf__parse_dec(b, strlen(b))) > 0) {
            c->t_end = h->now + (uint64_t)t * 1000u;
        }
        c->cursor = r->head;
        if (have_rv && !c->end_bm) {
            int64_t n = kinf__parse_dec(v, strlen(v));
            if (n < 0 || kinf__hub_seek(r, (uint64_t)n, h->ring_events, &c->cursor) < 0) {
                /* as the API server: the stream opens, and its one event is a 410 Status */
                size_t at;
                int ok;
                h->st.expired++;
                ok = kinf__hub_head(h, c, 200, "application/json", -1, 0);
                at = kinf__hub_chunk_open(h, c);
                ok &= at != (size_t)-1 && kinf__hub_puts(h, c, "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                                                           "\"status\":\"Failure\",\"message\":\"too old resource version: ") &&
                      kinf__hub_putj(h, c, v) && kinf__hub_puts(h, c, " (") && kinf__hub_putu(h, c, r->floor) &&
                      kinf__hub_puts(h, c, ")\",\"reason\":\"Expired\",\"code\":410}}\n") && kinf__hub_chunk_close(h, c, at) &&
                      kinf__hub_puts(h, c, "0\r\n\r\n");
                c->st = ok ? KINF__HC_SEND : KINF__HC_CLOSE;
                return;
            }
        }
        h->st.watches++;
        if (!kinf__hub_head(h, c, 200, "application/json", -1, 0)) { c->st = KINF__HC_CLOSE; return; }
        c->t_bm = h->now;
        c->st = KINF__HC_WATCH;
        kinf__hub_fill_watch(h, c);
    }
}
static int kinf__hub_seg(const char* p, size_t n, const char** seg, size_t* len, int max) {
    int k = 0;
    size_t i = 0;
    while (i < n) {
        size_t s;
        if (p[i] != '/') { return -1; }
        s = ++i;
        while (i < n && p[i] != '/') { i++; }
        if (i == s) { if (i == n) { break; } return -1; } /* "//": none; a trailing "/" is none */
        if (k == max) { return -1; }
        seg[k] = p + s; len[k] = i - s; k++;
    }
    return k;
}
static int kinf__hub_seq(const char* s, size_t n, const char* lit) { return strlen(lit) == n && !memcmp(s, lit, n); }
/* Routes a parsed request. */
static void kinf__hub_route(kinf_hub_t* h, kinf__hcl* c, const kinf__hreq* q, const char* raw, size_t rawlen) {
    const char* seg[8];
    size_t len[8];
    char ns[KINF__MAX_NAME], name[KINF__MAX_NAME];
    int n = kinf__hub_seg(q->path, q->path_len, seg, len, 8), b;
    const char *g = "", *ver;
    size_t gl = 0, vl;
    kinf__hres* r;
    h->st.requests++;
    if (c->auth && h->token[0]) {
        size_t tl = strlen(h->token), i;
        unsigned diff = 0;
        if (!q->auth || q->auth_len != 7 + tl || !kinf__ieq(q->auth, 7, "bearer ")) { diff = 1; }
        else { for (i = 0; i < tl; i++) { diff |= (unsigned)(q->auth[7 + i] ^ h->token[i]); } } /* in constant time */
        if (diff) {
            h->st.unauthorized++;
            KINF__HUB_LOG(h, INFO, HUB_UNAUTHORIZED, 0, 0);
            kinf__hub_status(h, c, 401, "Unauthorized", "Unauthorized", 0, 0, 0);
            return;
        }
    }
    if (n < 0) { h->st.bad_requests++; kinf__hub_status(h, c, 400, "BadRequest", "the path is malformed", 0, 0, 0); return; }
    if (q->method == KINF__HM_OTHER) {
        if (h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        h->st.not_found++;
        kinf__hub_status(h, c, 405, "MethodNotAllowed", "this node-local server serves reads only, and forwards nothing", 0, 0, 0);
        return;
    }
    if (n == 1 && (kinf__hub_seq(seg[0], len[0], "healthz") || kinf__hub_seq(seg[0], len[0], "readyz") || kinf__hub_seq(seg[0], len[0], "livez"))) {
        kinf__hub_fixed(h, c, 200, "text/plain", "ok", 2);
        return;
    }
    if (n == 1 && kinf__hub_seq(seg[0], len[0], "version") && h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
    if (n == 1 && kinf__hub_seq(seg[0], len[0], "version")) {
        static const char v[] = "{\"major\":\"1\",\"minor\":\"\",\"gitVersion\":\"v0.0.0-kinformer-" KINF_VERSION "\",\"platform\":\"khub\"}";
        h->st.discovery++;
        kinf__hub_fixed(h, c, 200, "application/json", v, sizeof(v) - 1);
        return;
    }
    if (n >= 1 && kinf__hub_seq(seg[0], len[0], "api")) {
        if (n == 1) {
            static const char v[] = "{\"kind\":\"APIVersions\",\"versions\":[\"v1\"],\"serverAddressByClientCIDRs\":[{\"clientCIDR\":\"0.0.0.0/0\",\"serverAddress\":\"\"}]}";
            h->st.discovery++;
            kinf__hub_fixed(h, c, 200, "application/json", v, sizeof(v) - 1);
            return;
        }
        ver = seg[1]; vl = len[1]; b = 2;
    } else if (n >= 1 && kinf__hub_seq(seg[0], len[0], "apis")) {
        if (n == 1) { h->st.discovery++; kinf__hub_groups(h, c); return; }
        if (n == 2) { ver = 0; vl = 0; b = 2; }
        else { ver = seg[2]; vl = len[2]; b = 3; }
        g = seg[1]; gl = len[1];
        if (!ver && h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        if (!ver) {
            h->st.not_found++;
            kinf__hub_status(h, c, 404, "NotFound", "the group's document is not served: ask /apis", 0, 0, 0);
            return;
        }
    } else {
        if (h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        h->st.not_found++;
        kinf__hub_status(h, c, 404, "NotFound", "the server could not find the requested resource", 0, 0, 0);
        return;
    }
    if (n == b) {
        if (!kinf__hub_has_gv(h, g, gl, ver, vl) && h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        if (!kinf__hub_has_gv(h, g, gl, ver, vl)) { h->st.not_found++; kinf__hub_status(h, c, 404, "NotFound", "the group version is not cached here", 0, 0, 0); return; }
        h->st.discovery++;
        kinf__hub_resource_list(h, c, g, gl, ver, vl);
        return;
    }
    /* [namespaces NS] PLURAL [NAME] */
    ns[0] = 0; name[0] = 0;
    if (n - b >= 3 && kinf__hub_seq(seg[b], len[b], "namespaces")) {
        if (len[b + 1] >= sizeof(ns)) { n = -1; } else { memcpy(ns, seg[b + 1], len[b + 1]); ns[len[b + 1]] = 0; }
        b += 2;
    }
    r = n < 0 ? 0 : kinf__hub_find(h, g, gl, ver, vl, seg[b], len[b]);
    if (r && n - b == 2) {
        if (len[b + 1] >= sizeof(name)) { r = 0; } else { memcpy(name, seg[b + 1], len[b + 1]); name[len[b + 1]] = 0; }
    }
    if (!r || n - b > 2 || (ns[0] && !r->r.namespaced) || (h->ns[0] && strcmp(ns, h->ns))) {
        if (h->nfw) { kinf__hub_forward(h, c, raw, rawlen, q); return; }
        h->st.not_found++;
        kinf__hub_status(h, c, 404, "NotFound", "not cached by this node-local server", 0, 0, 0);
        return;
    }
    kinf__hub_resource(h, c, q, r, ns, n - b == 2 ? name : 0, raw, rawlen);
}
/* The head in c->in is whole (hl bytes): parse, route, keep what follows. */
static void kinf__hub_request(kinf_hub_t* h, kinf__hcl* c, size_t hl) {
    kinf__hreq q;
    int rc = kinf__hub_parse(c->in, hl, &q);
    c->olen = 0; c->opos = 0;
    c->close_after = 0;
    if (rc != KINF_OK) {
        h->st.bad_requests++;
        c->close_after = 1;
        KINF__HUB_LOG(h, INFO, HUB_BAD_REQUEST, 0, 0);
        if (rc == KINF_ERR_NOMEM) { kinf__hub_status(h, c, 431, "RequestHeaderFieldsTooLarge", "too many header fields", 0, 0, 0); }
        else { kinf__hub_status(h, c, 400, "BadRequest", "malformed request", 0, 0, 0); }
        c->ilen = 0; c->iscan = 0;
        return;
    }
    c->close_after = q.close;
    if (q.chunked) { c->close_after = 1; } /* a chunked request body is not read: the connection ends with the answer */
    c->skip = q.clen > 0 ? q.clen : 0;
    kinf__hub_route(h, c, &q, c->in, hl);
    /* the request's bytes are done with: pipelined bytes move to the front */
    memmove(c->in, c->in + hl, c->ilen - hl);
    c->ilen -= hl; c->iscan = 0;
    kinf__hub_fw_feed(h, c);
    if (c->skip) {
        size_t k = c->ilen < (size_t)c->skip ? c->ilen : (size_t)c->skip;
        memmove(c->in, c->in + k, c->ilen - k);
        c->ilen -= k; c->skip -= (int64_t)k;
    }
}
/* a client reading: a whole head served, an oversized one refused */
static void kinf__hub_read_step(kinf_hub_t* h, kinf__hcl* c) {
    size_t hl;
    if (c->st != KINF__HC_READ || c->skip || !c->ilen) { return; }
    hl = kinf__hub_head_end(c->in, c->iscan, c->ilen);
    if (hl) { kinf__hub_request(h, c, hl); return; }
    c->iscan = c->ilen;
    if (c->ilen >= h->in_cap) {
        h->st.bad_requests++;
        KINF__HUB_LOG(h, INFO, HUB_HEAD_TOO_LARGE, 0, 0);
        c->close_after = 1;
        c->olen = 0; c->opos = 0;
        kinf__hub_status(h, c, 431, "RequestHeaderFieldsTooLarge", "the request line and header fields exceed the hub's limit", 0, 0, 0);
        c->ilen = 0;
    }
}
/* after its bytes went out: a fixed response done, the next request read */
static void kinf__hub_after_send(kinf_hub_t* h, kinf__hcl* c) {
    if (c->opos < c->olen) { return; }
    c->olen = 0; c->opos = 0;
    if (c->st == KINF__HC_SEND) {
        if (c->close_after) { c->st = KINF__HC_CLOSE; return; }
        c->st = KINF__HC_READ;
        c->t_first = 0;
        kinf__hub_read_step(h, c);
    }
}
static void kinf__hub_fill(kinf_hub_t* h, kinf__hcl* c) {
    if (c->st == KINF__HC_LIST) { kinf__hub_fill_list(h, c); }
    else if (c->st == KINF__HC_WATCH) { kinf__hub_fill_watch(h, c); }
    else if (c->st == KINF__HC_FWD && c->fw >= 0) { kinf__hub_fw_advance(kinf__hub_fwat(h, c->fw)); }
}

/* >>hub api */
static size_t kinf__hub_out_cap(const kinf_hub_desc_t* d) {
    size_t m = d->factory->base.max_event_bytes ? d->factory->base.max_event_bytes : 64u * 1024u, c = d->client_bytes;
    int i;
    for (i = 0; i < d->factory->caps_n; i++) { if (d->factory->caps[i].max_event_bytes > m) { m = d->factory->caps[i].max_event_bytes; } }
    m += 4096u;
    return kinf__align8(c > m ? c : m);
}
typedef struct kinf__hub_layout { size_t res, cl, bufs, rings, fw, fw_block, fw_conn, fw_body, pfd, ffd, total; int nfw; kinf_conn_desc_t fwd; } kinf__hub_layout;
static int kinf__hub_plan(const kinf_hub_desc_t* d, kinf__hub_layout* L, int* max_res, int* max_cl, int* ring_ev, size_t* ring_bytes, size_t* out_cap) {
    size_t o, per;
    memset(L, 0, sizeof(*L));
    if (!d || !kinf__fa_ok(d->factory)) { return 0; }
    *max_res = d->max_resources > 0 ? d->max_resources : d->factory->max_inf;
    *max_cl = d->max_clients > 0 ? d->max_clients : 32;
    if (*max_cl > 0xffff) { *max_cl = 0xffff; }
    *ring_ev = d->ring_events > 0 ? d->ring_events : 4096;
    *ring_bytes = kinf__align8(d->ring_bytes ? d->ring_bytes : 4u << 20);
    *out_cap = kinf__hub_out_cap(d);
    o = kinf__align8(sizeof(kinf_hub_t));
    L->res = o; o += kinf__align8(sizeof(kinf__hres) * (size_t)*max_res);
    L->cl = o; o += kinf__align8(sizeof(kinf__hcl) * (size_t)*max_cl);
    L->bufs = o;
    per = KINF_MAX_HEAD_BYTES + *out_cap;
    if (per > (SIZE_MAX - o) / (size_t)*max_cl) { return 0; }
    o += per * (size_t)*max_cl;
    L->rings = o;
    per = kinf__align8(sizeof(kinf__hev) * (size_t)*ring_ev) + *ring_bytes;
    if (per > (SIZE_MAX - o) / (size_t)*max_res) { return 0; }
    o += per * (size_t)*max_res;
    if (d->forward) {
        /* each forwarder: its struct, the request (head, body), then its connection's read buffer and TLS block */
        L->nfw = d->max_forward > 0 ? d->max_forward : 8;
        L->fw_body = kinf__align8(d->forward_body_bytes ? d->forward_body_bytes : 1u << 20);
        L->fwd = kinf__conn_desc_for(d->forward, 0);
        L->fwd.token = 0; L->fwd.token_file = 0; /* never the hub's credentials */
        L->fwd.client_cert_file = 0; L->fwd.client_cert_data = 0; L->fwd.client_cert_len = 0;
        L->fwd.client_key_file = 0; L->fwd.client_key_data = 0; L->fwd.client_key_len = 0;
        L->fw_block = kinf__conn_layout_end(kinf__align8(sizeof(kinf__hfw)) + kinf__align8(KINF__HUB_FW_HEAD + L->fw_body), &L->fw_conn, &L->fwd);
        L->fw_block = kinf__align8(L->fw_block);
        L->fw = o;
        if (L->fw_block > (SIZE_MAX - o) / (size_t)L->nfw) { return 0; }
        o += L->fw_block * (size_t)L->nfw;
    }
    L->pfd = o; o += kinf__align8(sizeof(struct pollfd) * (size_t)(KINF__HUB_MAX_LISTEN + *max_cl + L->nfw + d->factory->max_inf + 1));
    L->ffd = o; o += kinf__align8(sizeof(kinf_fd_t) * (size_t)(d->factory->max_inf + 1));
    L->total = o;
    return 1;
}
KINF_API size_t kinf_hub_size(const kinf_hub_desc_t* desc) {
    kinf__hub_layout L;
    int a, b, e;
    size_t rb, oc;
    return kinf__hub_plan(desc, &L, &a, &b, &e, &rb, &oc) ? L.total : 0;
}
KINF_API kinf_hub_t* kinf_hub_init(void* mem, size_t size, const kinf_hub_desc_t* desc) {
    kinf__hub_layout L;
    kinf_hub_t* h = (kinf_hub_t*)mem;
    uint8_t* base = (uint8_t*)mem;
    int i, max_res, max_cl, ring_ev;
    size_t ring_bytes, out_cap;
    if (!mem || !kinf__hub_plan(desc, &L, &max_res, &max_cl, &ring_ev, &ring_bytes, &out_cap)) { return 0; }
    if (size < L.total) {
        kinf__log2(&desc->logger, desc->tag ? desc->tag : "khub", KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, 0, 0, "kinf_hub_init", 0);
        return 0;
    }
    memset(h, 0, sizeof(*h));
    h->d = *desc;
    h->f = desc->factory;
    if (desc->token && !kinf__strlcpy(h->token, desc->token, sizeof(h->token))) { return 0; }
    if (desc->namespace_ && !kinf__strlcpy(h->ns, desc->namespace_, sizeof(h->ns))) { return 0; }
    kinf__strlcpy(h->tag, desc->tag ? desc->tag : "khub", sizeof(h->tag));
    h->d.token = 0; h->d.namespace_ = 0; h->d.tag = 0;
    if (h->d.idle_timeout_ms <= 0) { h->d.idle_timeout_ms = 120000; }
    if (h->d.head_timeout_ms <= 0) { h->d.head_timeout_ms = 10000; }
    if (h->d.slow_ms <= 0) { h->d.slow_ms = 15000; }
    if (h->d.bookmark_ms <= 0) { h->d.bookmark_ms = 10000; }
    h->max_res = max_res; h->max_cl = max_cl; h->ring_events = ring_ev; h->ring_bytes = ring_bytes;
    h->in_cap = KINF_MAX_HEAD_BYTES; h->out_cap = out_cap;
    h->res = (kinf__hres*)(void*)(base + L.res);
    h->cl = (kinf__hcl*)(void*)(base + L.cl);
    memset(h->res, 0, sizeof(kinf__hres) * (size_t)max_res);
    memset(h->cl, 0, sizeof(kinf__hcl) * (size_t)max_cl);
    for (i = 0; i < max_cl; i++) {
        uint8_t* b = base + L.bufs + (size_t)i * (KINF_MAX_HEAD_BYTES + out_cap);
        h->cl[i].in = (char*)b;
        h->cl[i].out = b + KINF_MAX_HEAD_BYTES;
        h->cl[i].ocap = out_cap;
        h->cl[i].fd = -1;
    }
    for (i = 0; i < max_res; i++) {
        uint8_t* b = base + L.rings + (size_t)i * (kinf__align8(sizeof(kinf__hev) * (size_t)ring_ev) + ring_bytes);
        h->res[i].ev = (kinf__hev*)(void*)b;
        h->res[i].data = b + kinf__align8(sizeof(kinf__hev) * (size_t)ring_ev);
    }
    h->fw = 0; h->nfw = 0;
    if (desc->forward) {
        h->fw = (kinf__hfw*)(void*)(base + L.fw); /* each block begins with its forwarder: every block is an 8-byte multiple */
        for (i = 0; i < L.nfw; i++) {
            uint8_t* b = base + L.fw + (size_t)i * L.fw_block;
            kinf__hfw* w = (kinf__hfw*)(void*)b;
            memset(w, 0, sizeof(*w));
            w->hub = h; w->cl = -1; w->idx = i;
            w->req = (char*)(b + kinf__align8(sizeof(kinf__hfw)));
            if (!kinf__conn_setup(&w->conn, &L.fwd, &kinf__hub_fw_ops, w, b + L.fw_conn, w->prefix, sizeof(w->prefix))) { return 0; }
            w->conn.retry_stale = 1;
            w->conn.where = w->path;
        }
        h->nfw = L.nfw; h->fw_body = L.fw_body; h->fw_block = L.fw_block;
    }
    h->pfd = (struct pollfd*)(void*)(base + L.pfd);
    h->ffd = (kinf_fd_t*)(void*)(base + L.ffd);
    h->max_ffd = h->f->max_inf + 1;
    for (i = 0; i < KINF__HUB_MAX_LISTEN; i++) { h->lfd[i] = -1; }
    h->mem_used = L.total; h->mem_size = size;
    h->magic = KINF__HUB_MAGIC;
    return h;
}
KINF_API int kinf_hub_serve(kinf_hub_t* h, kinf_informer_t* inf) {
    kinf__hres* r;
    int i;
    if (!kinf__hub_ok(h) || !inf) { return KINF_ERR_INVAL; }
    for (i = 0; i < h->nres; i++) { if (h->res[i].inf == inf) { return KINF_OK; } }
    if (h->nres >= h->max_res) { return KINF_ERR_NOMEM; }
    r = &h->res[h->nres];
    if (kinf_factory_resource(h->f, inf, &r->r) != KINF_OK) { return KINF_ERR_INVAL; }
    r->inf = inf; r->hub = h;
    r->head = r->tail = 0; r->wpos = 0; r->floor = 0; r->last = 0; r->synced = 0;
    memset(&r->h, 0, sizeof(r->h));
    r->h.on_add = kinf__hub_on_add; r->h.on_update = kinf__hub_on_update; r->h.on_delete = kinf__hub_on_delete;
    r->h.on_oversized = kinf__hub_on_oversized; r->h.user = r;
    if ((r->hid = kinf_add_handler(inf, &r->h)) < 0) { return KINF_ERR_NOMEM; }
    h->nres++;
    return KINF_OK;
}
static const char kinf__hub_busy_resp[] =
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 158\r\n\r\n"
    "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"too many clients (max-clients)\",\"reason\":\"ServiceUnavailable\",\"code\":503}";
KINF_API const char* kinf_hub_busy(size_t* len) {
    if (len) { *len = sizeof(kinf__hub_busy_resp) - 1; }
    return kinf__hub_busy_resp;
}
KINF_API int kinf_hub_open(kinf_hub_t* h, int auth, uint64_t now) {
    int i;
    if (!kinf__hub_ok(h)) { return KINF_ERR_INVAL; }
    for (i = 0; i < h->max_cl; i++) {
        kinf__hcl* c = &h->cl[i];
        if (c->st != KINF__HC_FREE) { continue; }
        c->st = KINF__HC_READ;
        c->gen = (uint16_t)((c->gen + 1u) & 0x7fffu); /* 15 bits: an id stays a non-negative int */
        c->auth = auth;
        c->ilen = c->iscan = 0; c->olen = c->opos = 0; c->skip = 0;
        c->t_io = now; c->t_first = 0; c->close_after = 0;
        c->fw = -1;
        h->st.accepted++;
        return kinf__hub_id(c, i);
    }
    h->st.refused_full++;
    KINF__HUB_LOG(h, WARN, HUB_FULL, 0, 0);
    return KINF_ERR_NOMEM;
}
KINF_API unsigned kinf_hub_state(kinf_hub_t* h, int id) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    unsigned s = 0;
    if (!c) { return KINF_HUB_CLOSE; }
    if (c->opos < c->olen) { s |= KINF_HUB_SEND; }
    else if (c->st == KINF__HC_CLOSE) { return KINF_HUB_CLOSE; }
    /* read on while streaming, so a client that goes is seen; not past the head's room */
    if (c->st != KINF__HC_CLOSE && (c->skip || c->ilen < h->in_cap)) { s |= KINF_HUB_RECV; }
    return s;
}
KINF_API uint8_t* kinf_hub_recvbuf(kinf_hub_t* h, int id, size_t* cap) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c || !cap || c->st == KINF__HC_CLOSE || c->ilen >= h->in_cap) { if (cap) { *cap = 0; } return 0; }
    *cap = h->in_cap - c->ilen;
    return (uint8_t*)c->in + c->ilen;
}
KINF_API void kinf_hub_recvd(kinf_hub_t* h, int id, size_t n, uint64_t now) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c || n > h->in_cap - c->ilen) { return; }
    h->now = now;
    c->t_io = now;
    if (c->skip) {
        /* a body not served is read past */
        size_t k = n < (size_t)c->skip ? n : (size_t)c->skip;
        memmove(c->in + c->ilen, c->in + c->ilen + k, n - k);
        n -= k; c->skip -= (int64_t)k;
    }
    if (n && !c->ilen && !c->t_first) { c->t_first = now; }
    c->ilen += n;
    kinf__hub_fw_feed(h, c);
    kinf__hub_read_step(h, c);
}
KINF_API const uint8_t* kinf_hub_sendbuf(kinf_hub_t* h, int id, size_t* len) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c || !len || c->opos >= c->olen) { if (len) { *len = 0; } return 0; }
    *len = c->olen - c->opos;
    return c->out + c->opos;
}
KINF_API void kinf_hub_sent(kinf_hub_t* h, int id, size_t n, uint64_t now) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c || n > c->olen - c->opos) { return; }
    h->now = now;
    c->opos += n;
    h->st.bytes_out += n;
    if (n) { c->t_io = now; }
    if (c->opos == c->olen) { kinf__hub_after_send(h, c); kinf__hub_fill(h, c); }
    else if (c->opos > h->out_cap / 2) {
        /* the sent half makes room for more: unsent bytes to the front */
        memmove(c->out, c->out + c->opos, c->olen - c->opos);
        c->olen -= c->opos; c->opos = 0;
        kinf__hub_fill(h, c);
    }
}
KINF_API void kinf_hub_closed(kinf_hub_t* h, int id) {
    kinf__hcl* c = kinf__hub_cl(h, id);
    if (!c) { return; }
    if (c->fw >= 0) { kinf__hub_fw_free(kinf__hub_fwat(h, c->fw), 0); }
    c->st = KINF__HC_FREE;
    c->fd = -1;
}
KINF_API void kinf_hub_tick(kinf_hub_t* h, uint64_t now) {
    int i;
    if (!kinf__hub_ok(h)) { return; }
    h->now = now;
    for (i = 0; i < h->nres; i++) {
        kinf__hres* r = &h->res[i];
        if (!r->synced && kinf_has_synced(r->inf)) {
            /* the window begins at the synced state: older resourceVersions relist */
            r->synced = 1;
            kinf__hub_ring_reset(r, kinf__hub_current(r));
        }
    }
    for (i = 0; i < h->max_cl; i++) {
        kinf__hcl* c = &h->cl[i];
        if (c->st == KINF__HC_FREE || c->st == KINF__HC_CLOSE) { continue; }
        if (c->st == KINF__HC_READ && !c->olen) {
            if (c->t_first && now - c->t_first > (uint64_t)h->d.head_timeout_ms) {
                h->st.timed_out++;
                KINF__HUB_LOG(h, INFO, HUB_TIMEOUT, "request head", 0);
                c->close_after = 1;
                kinf__hub_status(h, c, 408, "Timeout", "the request head came too slowly", 0, 0, 0);
                c->ilen = 0;
                continue;
            }
            if (now - c->t_io > (uint64_t)h->d.idle_timeout_ms) { h->st.timed_out++; c->st = KINF__HC_CLOSE; continue; }
            continue;
        }
        if (c->st == KINF__HC_FWD_BODY && now - c->t_io > (uint64_t)h->d.head_timeout_ms) {
            /* a body that does not come holds a forwarder: as a slow head */
            h->st.timed_out++;
            KINF__HUB_LOG(h, INFO, HUB_TIMEOUT, "request body", 0);
            if (c->fw >= 0) { kinf__hub_fw_free(kinf__hub_fwat(h, c->fw), 0); }
            c->close_after = 1;
            kinf__hub_status(h, c, 408, "Timeout", "the request body came too slowly", 0, 0, 0);
            continue;
        }
        if (c->opos < c->olen && now - c->t_io > (uint64_t)h->d.slow_ms) {
            /* its bytes did not move: the client is gone or too slow */
            h->st.slow_ended++;
            KINF__HUB_LOG(h, INFO, HUB_SLOW_CLIENT, 0, 0);
            c->st = KINF__HC_CLOSE;
            c->olen = c->opos = 0; /* what it did not take is dropped: else the connection waits on it, never closed */
            continue;
        }
        if (c->opos > 0 && c->opos < c->olen) {
            memmove(c->out, c->out + c->opos, c->olen - c->opos);
            c->olen -= c->opos; c->opos = 0;
        }
        {
            /* the slow clock runs while bytes wait: a watcher that had nothing to take (a quiet resource, no
               bookmarks asked) is not behind when a change comes after a quiet spell longer than slow_ms */
            int idle = c->opos >= c->olen;
            kinf__hub_fill(h, c);
            if (idle && c->opos < c->olen) { c->t_io = now; }
        }
    }
}
KINF_API uint64_t kinf_hub_deadline(kinf_hub_t* h) {
    uint64_t t = UINT64_MAX;
    int i;
    if (!kinf__hub_ok(h)) { return t; }
    for (i = 0; i < h->max_cl; i++) {
        const kinf__hcl* c = &h->cl[i];
        uint64_t k = UINT64_MAX;
        if (c->st == KINF__HC_FREE || c->st == KINF__HC_CLOSE) { continue; }
        if (c->st == KINF__HC_READ) { k = c->t_first ? c->t_first + (uint64_t)h->d.head_timeout_ms : c->t_io + (uint64_t)h->d.idle_timeout_ms; }
        else if (c->st == KINF__HC_FWD_BODY) { k = c->t_io + (uint64_t)h->d.head_timeout_ms; }
        else if (c->st == KINF__HC_WATCH) {
            k = c->bookmarks ? c->t_bm + (uint64_t)h->d.bookmark_ms : h->now + 1000u;
            if (c->t_end && c->t_end < k) { k = c->t_end; }
        } else { k = c->t_io + (uint64_t)h->d.slow_ms; }
        if (k < t) { t = k; }
    }
    return t;
}
KINF_API kinf_engine_t* kinf_hub_forward_engine(kinf_hub_t* h, int i) {
    return kinf__hub_ok(h) && i >= 0 && i < h->nfw ? &kinf__hub_fwat(h, i)->conn : 0;
}
KINF_API kinf_hub_stats_t kinf_hub_stats(kinf_hub_t* h) {
    kinf_hub_stats_t s;
    int i;
    memset(&s, 0, sizeof(s));
    if (!kinf__hub_ok(h)) { return s; }
    s = h->st;
    for (i = 0; i < h->max_cl; i++) { if (h->cl[i].st != KINF__HC_FREE) { s.clients++; } }
    s.max_clients = h->max_cl; s.resources = h->nres;
    s.mem_used = h->mem_used; s.mem_capacity = h->mem_size;
    return s;
}

/* a listen address read, no I/O: 'u' for unix:PATH (a path that fits a
   sockaddr_un), '4' for 127.0.0.1:PORT, '6' for [::1]:PORT (host and port
   filled), 0 for any other address */
static int kinf__hub_addr(const char* addr, char* host, size_t hcap, int64_t* port) {
    const char* colon;
    size_t hl;
    if (!addr) { return 0; }
    if (!strncmp(addr, "unix:", 5)) { return addr[5] && strlen(addr + 5) < 108 ? 'u' : 0; }
    if (addr[0] == '[') {
        const char* e = strchr(addr, ']');
        if (!e || e[1] != ':') { return 0; }
        hl = (size_t)(e - addr - 1); addr++; colon = e + 1;
    } else {
        colon = strrchr(addr, ':');
        if (!colon) { return 0; }
        hl = (size_t)(colon - addr);
    }
    if (hl >= hcap) { return 0; }
    memcpy(host, addr, hl); host[hl] = 0;
    *port = kinf__parse_dec(colon + 1, strlen(colon + 1));
    /* loopback only: a node-local server is not a network service */
    if (*port < 0 || *port > 65535) { return 0; }
    return !strcmp(host, "127.0.0.1") ? '4' : !strcmp(host, "::1") ? '6' : 0;
}
KINF_API int kinf_hub_address(const char* addr) {
    char host[64];
    int64_t port;
    return kinf__hub_addr(addr, host, sizeof(host), &port) ? KINF_OK : KINF_ERR_INVAL;
}

/* >>hub driver  The built-in driver: listening sockets, accept, one poll
   over them, the clients and the factory's connections. */
KINF_API int kinf_hub_listen(kinf_hub_t* h, const char* addr, int auth) {
    int fd = -1, one = 1, kind;
    char host[64];
    int64_t port = 0;
    if (!kinf__hub_ok(h) || !addr) { return KINF_ERR_INVAL; }
    if (h->nl >= KINF__HUB_MAX_LISTEN) { KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, " (too many addresses)"); return KINF_ERR_NOMEM; }
    kind = kinf__hub_addr(addr, host, sizeof(host), &port);
    if (!kind) { KINF__HUB_LOG(h, ERROR, HUB_BAD_ADDRESS, addr, 0); return KINF_ERR_INVAL; }
    if (kind == 'u') {
        struct sockaddr_un su;
        struct stat sb;
        const char* p = addr + 5;
        memset(&su, 0, sizeof(su));
        su.sun_family = AF_UNIX;
        if (strlen(p) >= sizeof(su.sun_path) || strlen(p) >= sizeof(h->lpath[0])) { KINF__HUB_LOG(h, ERROR, HUB_BAD_ADDRESS, addr, 0); return KINF_ERR_INVAL; }
        memcpy(su.sun_path, p, strlen(p));
        /* a stale socket of an earlier run is replaced; any other file is not */
        if (lstat(p, &sb) == 0) {
            if (!S_ISSOCK(sb.st_mode)) { KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, " (a file that is not a socket is there)"); return KINF_ERR_IO; }
            unlink(p);
        }
        fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd < 0) { KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO; }
        {
            /* created 0660: the mode is set before any client can connect */
            mode_t old = umask(0117);
            int b = bind(fd, (struct sockaddr*)&su, (socklen_t)sizeof(su));
            umask(old);
            if (b != 0 || chmod(p, 0660) != 0) { close(fd); KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO; }
        }
        kinf__strlcpy(h->lpath[h->nl], p, sizeof(h->lpath[0]));
    } else {
        struct sockaddr_storage ss;
        socklen_t sl;
        memset(&ss, 0, sizeof(ss));
        if (kind == '6') {
            struct sockaddr_in6* s6 = (struct sockaddr_in6*)(void*)&ss;
            s6->sin6_family = AF_INET6; s6->sin6_port = htons((uint16_t)port); s6->sin6_addr = in6addr_loopback;
            sl = (socklen_t)sizeof(*s6);
        } else {
            struct sockaddr_in* s4 = (struct sockaddr_in*)(void*)&ss;
            s4->sin_family = AF_INET; s4->sin_port = htons((uint16_t)port); s4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            sl = (socklen_t)sizeof(*s4);
        }
        fd = socket(ss.ss_family, SOCK_STREAM, 0);
        if (fd < 0) { KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO; }
        (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, (socklen_t)sizeof(one));
        if (bind(fd, (struct sockaddr*)&ss, sl) != 0) { close(fd); KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO; }
        h->lpath[h->nl][0] = 0;
    }
    if (listen(fd, 64) != 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK) != 0) {
        close(fd); KINF__HUB_LOG(h, ERROR, HUB_LISTEN, addr, 0); return KINF_ERR_IO;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    h->lfd[h->nl] = fd; h->lauth[h->nl] = auth;
    h->nl++;
    return KINF_OK;
}
/* the clients waiting on listener k taken (16 at most a turn); one beyond the pool is answered 503 and closed */
static void kinf__hub_accept(kinf_hub_t* h, int k, uint64_t now) {
    int n;
    for (n = 0; n < 16; n++) {
        int fd = accept(h->lfd[k], 0, 0), id;
        if (fd < 0) { return; }
        (void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
        (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
        id = kinf_hub_open(h, h->lauth[k], now);
        if (id < 0) {
            size_t len;
            const char* b = kinf_hub_busy(&len);
            (void)send(fd, b, len, KINF__SEND_FLAGS);
            close(fd);
            continue;
        }
        h->cl[id & 0xffff].fd = fd;
    }
}
static void kinf__hub_io(kinf_hub_t* h, kinf__hcl* c, int id, short rev, uint64_t now) {
    unsigned s = kinf_hub_state(h, id);
    if ((rev & POLLOUT) && (s & KINF_HUB_SEND)) {
        size_t len;
        const uint8_t* p = kinf_hub_sendbuf(h, id, &len);
        ssize_t w = send(c->fd, p, len, KINF__SEND_FLAGS);
        if (w > 0) { kinf_hub_sent(h, id, (size_t)w, now); }
        else if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { c->st = KINF__HC_CLOSE; c->olen = c->opos = 0; }
    }
    if ((rev & (POLLIN | POLLHUP | POLLERR)) && c->st != KINF__HC_FREE) {
        size_t cap;
        uint8_t* p = kinf_hub_recvbuf(h, id, &cap);
        if (p && cap) {
            ssize_t r = recv(c->fd, p, cap, 0);
            if (r > 0) { kinf_hub_recvd(h, id, (size_t)r, now); }
            else if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) { c->st = KINF__HC_CLOSE; c->olen = c->opos = 0; }
        } else if (rev & (POLLHUP | POLLERR)) { c->st = KINF__HC_CLOSE; c->olen = c->opos = 0; }
    }
    if (kinf_hub_state(h, id) & KINF_HUB_CLOSE) {
        /* what the client still sent is read past first (bounded), so that
           the close does not reset the connection before it reads the answer */
        char sink[4096];
        int k;
        (void)shutdown(c->fd, SHUT_WR);
        for (k = 0; k < 64 && recv(c->fd, sink, sizeof(sink), 0) > 0; k++) {}
        close(c->fd);
        kinf_hub_closed(h, id);
    }
}
KINF_API int kinf_hub_poll(kinf_hub_t* h, int timeout_ms) {
    int i, n = 0, nf, t, cl0, fwt = -1;
    uint64_t now, dl;
    if (!kinf__hub_ok(h)) { return KINF_ERR_INVAL; }
    now = kinf_now_ms();
    for (i = 0; i < h->nl; i++) { h->pfd[n].fd = h->lfd[i]; h->pfd[n].events = POLLIN; h->pfd[n].revents = 0; n++; }
    cl0 = n;
    for (i = 0; i < h->max_cl; i++) {
        kinf__hcl* c = &h->cl[i];
        unsigned s;
        h->pfd[n].fd = -1; h->pfd[n].events = 0; h->pfd[n].revents = 0;
        if (c->st != KINF__HC_FREE && c->fd >= 0) {
            s = kinf_hub_state(h, kinf__hub_id(c, i));
            h->pfd[n].fd = c->fd;
            h->pfd[n].events = (short)(((s & KINF_HUB_RECV) ? POLLIN : 0) | ((s & KINF_HUB_SEND) ? POLLOUT : 0));
        }
        n++;
    }
    for (i = 0; i < h->nfw; i++) {
        kinf__hfw* w = kinf__hub_fwat(h, i);
        unsigned wn = kinf__drv_wants(&w->conn);
        int t2 = kinf__drv_timeout(&w->conn);
        h->pfd[n].fd = wn ? kinf__drv_fd(&w->conn) : -1;
        h->pfd[n].events = (short)(((wn & KINF_WANT_READ) ? POLLIN : 0) | ((wn & KINF_WANT_WRITE) ? POLLOUT : 0));
        h->pfd[n].revents = 0;
        n++;
        if (t2 >= 0 && (fwt < 0 || t2 < fwt)) { fwt = t2; }
    }
    nf = kinf_factory_fds(h->f, h->ffd, h->max_ffd);
    for (i = 0; i < nf; i++) {
        h->pfd[n].fd = h->ffd[i].fd;
        h->pfd[n].events = (short)(((h->ffd[i].wants & KINF_WANT_READ) ? POLLIN : 0) | ((h->ffd[i].wants & KINF_WANT_WRITE) ? POLLOUT : 0));
        h->pfd[n].revents = 0;
        n++;
    }
    t = kinf_factory_timeout_ms(h->f);
    if (fwt >= 0 && (t < 0 || fwt < t)) { t = fwt; }
    if (timeout_ms >= 0 && (t < 0 || t > timeout_ms)) { t = timeout_ms; }
    dl = kinf_hub_deadline(h);
    if (dl != UINT64_MAX) {
        int k = dl <= now ? 0 : (dl - now > 0x7fffffffu ? 0x7fffffff : (int)(dl - now));
        if (t < 0 || k < t) { t = k; }
    }
    (void)poll(h->pfd, (nfds_t)n, t);
    now = kinf_now_ms();
    kinf_factory_poll(h->f, 0);
    for (i = 0; i < h->nfw; i++) { kinf__drv_poll(&kinf__hub_fwat(h, i)->conn, 0); }
    kinf_hub_tick(h, now);
    for (i = 0; i < h->max_cl; i++) {
        kinf__hcl* c = &h->cl[i];
        if (c->st == KINF__HC_FREE || c->fd < 0) { continue; }
        kinf__hub_io(h, c, kinf__hub_id(c, i), h->pfd[cl0 + i].fd == c->fd ? h->pfd[cl0 + i].revents : 0, now);
    }
    for (i = 0; i < h->nl; i++) { if (h->pfd[i].revents & POLLIN) { kinf__hub_accept(h, i, now); } }
    return KINF_OK;
}
KINF_API void kinf_hub_shutdown(kinf_hub_t* h) {
    int i;
    if (!kinf__hub_ok(h)) { return; }
    /* the informers go on without it: no callback into this memory after */
    for (i = 0; i < h->nres; i++) { (void)kinf_remove_handler(h->res[i].inf, h->res[i].hid); }
    h->nres = 0;
    for (i = 0; i < h->max_cl; i++) {
        if (h->cl[i].st != KINF__HC_FREE && h->cl[i].fd >= 0) { close(h->cl[i].fd); }
        h->cl[i].st = KINF__HC_FREE; h->cl[i].fd = -1;
    }
    for (i = 0; i < h->nfw; i++) { kinf__sock_close(&kinf__hub_fwat(h, i)->conn); }
    for (i = 0; i < h->nl; i++) {
        if (h->lfd[i] >= 0) { close(h->lfd[i]); h->lfd[i] = -1; }
        if (h->lpath[i][0]) { unlink(h->lpath[i]); }
    }
    h->nl = 0;
}
#endif /* KINF_NO_HUB */
/* >>workqueue  client-go's util/workqueue in fixed memory: one entry per item
   held (waiting, delayed, processing, or with a requeue count), found by a
   chained hash; the waiting ones in a FIFO linked through the entries, the
   delayed ones in a binary heap by (due time, order of delay); the rate
   limiter is a per-item exponential backoff and one token bucket (GCRA).
   Under KINF_WORKQUEUE_THREADS every public call holds the queue's mutex. */
#ifndef KINF_NO_WORKQUEUE
#ifdef KINF_WORKQUEUE_THREADS
#include <pthread.h>
#endif
#define KINF__WQ_MAGIC 0x6b777175u
#define KINF__WQ_MAX_CAP (1 << 24)
/* entry flags: waiting to be got (client-go's dirty set: also set while
   processing when the item was added again), and handed to a worker */
enum { KINF__WQ_USED = 1, KINF__WQ_DIRTY = 2, KINF__WQ_PROC = 4 };
typedef struct kinf__wqe {
    uint64_t due_ms, seq;         /* delayed: its time, and the order it was delayed in (ties) */
    uint64_t start_ms;            /* processing since */
    uint32_t hash, requeues;
    int32_t hnext;                /* the hash chain; -1 ends it */
    int32_t qnext;                /* the waiting FIFO, or the free list; -1 ends it */
    int32_t hpos;                 /* position in the delay heap, -1 when not delayed */
    uint32_t flags;
} kinf__wqe;
struct kinf_workqueue_t {
    uint32_t magic;
    int cap, item_bytes;
    uint32_t nbuckets;            /* a power of two */
    int base_delay, max_delay, qps, burst;
    uint64_t tat_us;              /* the bucket's theoretical arrival time */
    kinf__wqe* e;
    int32_t* buckets;
    int32_t* heap;
    char* text;                   /* item_bytes per entry: resource NUL key NUL */
    int32_t free_head, qhead, qtail;
    int nheap, held, depth, processing;
    uint64_t seq;
    int shutting_down, full_logged;
    kinf_workqueue_stats_t st;    /* the counters; the gauges are computed */
    size_t mem_size;
    kinf_logger_t logger;
    char tag[32];
    char logbuf[320];
#ifdef KINF_WORKQUEUE_THREADS
    pthread_mutex_t mu;
    pthread_cond_t cv_get;        /* an item may be ready, a deadline moved, or shut down */
    pthread_cond_t cv_drain;      /* the last processing item is done */
#endif
};
typedef struct kinf__wq_layout { size_t entries, buckets, heap, text, total; uint32_t nbuckets; } kinf__wq_layout;

static size_t kinf__wq_align(size_t n) { return (n + 15u) & ~(size_t)15u; }
static kinf_workqueue_desc_t kinf__wq_defaults(const kinf_workqueue_desc_t* d, int* clamped) {
    kinf_workqueue_desc_t o = *d;
    int c = 0;
    if (o.capacity == 0) { o.capacity = 1024; }
    if (o.capacity < 1 || o.capacity > KINF__WQ_MAX_CAP) { o.capacity = o.capacity < 1 ? 1 : KINF__WQ_MAX_CAP; c = 1; }
    if (o.item_bytes == 0) { o.item_bytes = 256; }
    if (o.item_bytes < 16 || o.item_bytes > 4096) { o.item_bytes = o.item_bytes < 16 ? 16 : 4096; c = 1; }
    if (o.base_delay_ms == 0) { o.base_delay_ms = 5; }
    if (o.max_delay_ms <= 0) { c |= o.max_delay_ms < 0; o.max_delay_ms = 1000000; }
    if (o.base_delay_ms > o.max_delay_ms) { o.base_delay_ms = o.max_delay_ms; c = 1; }
    if (o.bucket_qps == 0) { o.bucket_qps = 10; }
    if (o.bucket_qps > 1000000) { o.bucket_qps = 1000000; c = 1; }
    if (o.bucket_burst == 0) { o.bucket_burst = 100; }
    if (o.bucket_burst < 1 || o.bucket_burst > 1000000) { o.bucket_burst = o.bucket_burst < 1 ? 1 : 1000000; c = 1; }
    if (!o.tag) { o.tag = "workqueue"; }
    if (clamped) { *clamped = c; }
    return o;
}
static kinf__wq_layout kinf__wq_layout_of(const kinf_workqueue_desc_t* d) {
    kinf__wq_layout l;
    size_t cap = (size_t)d->capacity;
    l.nbuckets = 16;
    while (l.nbuckets < (uint32_t)d->capacity) { l.nbuckets <<= 1; } /* at most 2^24: bounded */
    l.entries = kinf__wq_align(sizeof(kinf_workqueue_t));
    l.buckets = l.entries + kinf__wq_align(cap * sizeof(kinf__wqe));
    l.heap = l.buckets + kinf__wq_align((size_t)l.nbuckets * sizeof(int32_t));
    l.text = l.heap + kinf__wq_align(cap * sizeof(int32_t));
    l.total = l.text + kinf__wq_align(cap * (size_t)d->item_bytes);
    return l;
}
static uint32_t kinf__wq_hash(const char* res, const char* key) {
    uint32_t h = 2166136261u;
    for (; *res; res++) { h = (h ^ (unsigned char)*res) * 16777619u; }
    h = (h ^ 0xffu) * 16777619u; /* a byte no text holds between the two */
    for (; *key; key++) { h = (h ^ (unsigned char)*key) * 16777619u; }
    return h;
}
static char* kinf__wq_text(kinf_workqueue_t* q, int32_t i) { return q->text + (size_t)i * (size_t)q->item_bytes; }
static int32_t kinf__wq_find(kinf_workqueue_t* q, const char* res, const char* key, uint32_t h) {
    int32_t i = q->buckets[h & (q->nbuckets - 1)];
    int n = 0;
    for (; i >= 0 && n <= q->cap; i = q->e[i].hnext, n++) {
        const char* t = kinf__wq_text(q, i);
        if (q->e[i].hash == h && !strcmp(t, res) && !strcmp(t + strlen(t) + 1, key)) { return i; }
    }
    return -1;
}
static void kinf__wq_log(kinf_workqueue_t* q, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log2(&q->logger, q->tag, level, item, line, q->logbuf, sizeof(q->logbuf), d1, d2);
}
/* The entry of (res, key), made if absent: its index, -1 when capacity
   entries are held (nothing changes), -2 when the text is too long. */
static int32_t kinf__wq_entry(kinf_workqueue_t* q, const char* res, const char* key) {
    uint32_t h;
    int32_t i;
    size_t rl, kl;
    char* t;
    if (!res) { res = ""; }
    rl = strlen(res); kl = strlen(key);
    if (rl + kl + 2 > (size_t)q->item_bytes) {
        kinf__wq_log(q, KINF_LOG_ERROR, KINF_LOGITEM_WORKQUEUE_KEY_TOO_LONG, key, 0, __LINE__);
        return -2;
    }
    h = kinf__wq_hash(res, key);
    i = kinf__wq_find(q, res, key, h);
    if (i >= 0) { return i; }
    if (q->free_head < 0) {
        q->st.refused_full++;
        if (!q->full_logged) {
            q->full_logged = 1;
            kinf__wq_log(q, KINF_LOG_WARN, KINF_LOGITEM_WORKQUEUE_FULL, key, 0, __LINE__);
        }
        return -1;
    }
    i = q->free_head;
    q->free_head = q->e[i].qnext;
    memset(&q->e[i], 0, sizeof(q->e[i]));
    q->e[i].flags = KINF__WQ_USED;
    q->e[i].hash = h;
    q->e[i].qnext = -1; q->e[i].hpos = -1;
    q->e[i].hnext = q->buckets[h & (q->nbuckets - 1)];
    q->buckets[h & (q->nbuckets - 1)] = i;
    t = kinf__wq_text(q, i);
    memcpy(t, res, rl + 1);
    memcpy(t + rl + 1, key, kl + 1);
    q->held++;
    return i;
}
/* Frees an entry that nothing holds any more: not waiting, processing,
   delayed, and with no requeue count to remember. */
static void kinf__wq_release(kinf_workqueue_t* q, int32_t i) {
    kinf__wqe* e = &q->e[i];
    int32_t* p;
    int n = 0;
    if ((e->flags & (KINF__WQ_DIRTY | KINF__WQ_PROC)) || e->hpos >= 0 || e->requeues) { return; }
    for (p = &q->buckets[e->hash & (q->nbuckets - 1)]; *p >= 0 && n <= q->cap; p = &q->e[*p].hnext, n++) {
        if (*p == i) { *p = e->hnext; break; }
    }
    e->flags = 0;
    e->qnext = q->free_head;
    q->free_head = i;
    q->held--;
    q->full_logged = 0;
}
/* client-go's Add on an entry: waiting unless it is already (or processing:
   it waits again at its done). */
static void kinf__wq_mark(kinf_workqueue_t* q, int32_t i) {
    kinf__wqe* e = &q->e[i];
    if (e->flags & KINF__WQ_DIRTY) { q->st.deduplicated++; return; }
    e->flags |= KINF__WQ_DIRTY;
    q->st.adds++;
    if (e->flags & KINF__WQ_PROC) { return; }
    e->qnext = -1;
    if (q->qtail >= 0) { q->e[q->qtail].qnext = i; } else { q->qhead = i; }
    q->qtail = i;
    q->depth++;
#ifdef KINF_WORKQUEUE_THREADS
    pthread_cond_signal(&q->cv_get);
#endif
}
/* the delay heap: ordered by due time, then by the order of delay */
static int kinf__wq_before(const kinf_workqueue_t* q, int32_t a, int32_t b) {
    const kinf__wqe* x = &q->e[a];
    const kinf__wqe* y = &q->e[b];
    return x->due_ms < y->due_ms || (x->due_ms == y->due_ms && x->seq < y->seq);
}
static void kinf__wq_heap_set(kinf_workqueue_t* q, int pos, int32_t i) { q->heap[pos] = i; q->e[i].hpos = pos; }
static void kinf__wq_sift_up(kinf_workqueue_t* q, int pos) {
    int32_t i = q->heap[pos];
    while (pos > 0 && kinf__wq_before(q, i, q->heap[(pos - 1) / 2])) {
        kinf__wq_heap_set(q, pos, q->heap[(pos - 1) / 2]);
        pos = (pos - 1) / 2;
    }
    kinf__wq_heap_set(q, pos, i);
}
static void kinf__wq_sift_down(kinf_workqueue_t* q, int pos) {
    int32_t i = q->heap[pos];
    for (;;) {
        int c = 2 * pos + 1;
        if (c >= q->nheap) { break; }
        if (c + 1 < q->nheap && kinf__wq_before(q, q->heap[c + 1], q->heap[c])) { c++; }
        if (!kinf__wq_before(q, q->heap[c], i)) { break; }
        kinf__wq_heap_set(q, pos, q->heap[c]);
        pos = c;
    }
    kinf__wq_heap_set(q, pos, i);
}
static int32_t kinf__wq_heap_pop(kinf_workqueue_t* q) {
    int32_t top = q->heap[0];
    q->nheap--;
    if (q->nheap > 0) { q->heap[0] = q->heap[q->nheap]; kinf__wq_sift_down(q, 0); }
    q->e[top].hpos = -1;
    return top;
}
static void kinf__wq_delay(kinf_workqueue_t* q, int32_t i, uint64_t due) {
    kinf__wqe* e = &q->e[i];
    if (e->hpos >= 0) {
        if (due < e->due_ms) { e->due_ms = due; kinf__wq_sift_up(q, e->hpos); } /* the earlier time wins */
    } else {
        e->due_ms = due;
        e->seq = q->seq++;
        q->heap[q->nheap] = i; e->hpos = q->nheap;
        q->nheap++;
        kinf__wq_sift_up(q, e->hpos);
    }
#ifdef KINF_WORKQUEUE_THREADS
    pthread_cond_broadcast(&q->cv_get); /* sleepers recompute their wake-up time */
#endif
}
static int kinf__wq_tick(kinf_workqueue_t* q, uint64_t now) {
    int n = 0;
    while (q->nheap > 0 && q->e[q->heap[0]].due_ms <= now) { /* at most cap */
        kinf__wq_mark(q, kinf__wq_heap_pop(q));
        n++;
    }
    return n;
}
/* client-go's DefaultControllerRateLimiter: the larger of the item's
   exponential backoff and the token bucket's wait; both are charged. */
static uint64_t kinf__wq_when(kinf_workqueue_t* q, int32_t i, uint64_t now) {
    kinf__wqe* e = &q->e[i];
    uint64_t d = 0;
    if (q->base_delay > 0) {
        uint32_t x = e->requeues;
        d = x >= 32 ? (uint64_t)q->max_delay : (uint64_t)q->base_delay << x;
        if (d > (uint64_t)q->max_delay) { d = (uint64_t)q->max_delay; }
    }
    if (e->requeues < 0xffffffffu) { e->requeues++; }
    if (q->qps > 0) {
        /* GCRA: a token every t us, burst tokens of tolerance; a call may
           borrow ahead (the tokens go negative, as Go's rate.Limiter.Reserve) */
        uint64_t t = 1000000u / (uint64_t)q->qps, tau = (uint64_t)(q->burst - 1) * t;
        uint64_t now_us = now * 1000u, w = 0;
        if (q->tat_us < now_us) { q->tat_us = now_us; }
        if (q->tat_us > now_us + tau) { w = (q->tat_us - now_us - tau + 999u) / 1000u; }
        q->tat_us += t;
        if (w > d) { d = w; }
    }
    return d;
}
static int kinf__wq_get(kinf_workqueue_t* q, uint64_t now, kinf_workqueue_item_t* out) {
    int32_t i;
    kinf__wqe* e;
    const char* t;
    kinf__wq_tick(q, now);
    if (q->qhead < 0) { return q->shutting_down ? KINF_WQ_SHUTDOWN : KINF_WQ_EMPTY; }
    i = q->qhead;
    e = &q->e[i];
    q->qhead = e->qnext;
    if (q->qhead < 0) { q->qtail = -1; }
    e->qnext = -1;
    q->depth--;
    e->flags = (e->flags & ~(uint32_t)KINF__WQ_DIRTY) | KINF__WQ_PROC;
    e->start_ms = now;
    q->processing++;
    q->st.gets++;
    t = kinf__wq_text(q, i);
    out->resource = t;
    out->key = t + strlen(t) + 1;
    out->requeues = (int)(e->requeues > 0x7fffffffu ? 0x7fffffffu : e->requeues);
    return KINF_WQ_ITEM;
}
static int kinf__wq_ok(const kinf_workqueue_t* q) { return q && q->magic == KINF__WQ_MAGIC; }
#ifdef KINF_WORKQUEUE_THREADS
#define KINF__WQ_LOCK(q) pthread_mutex_lock(&(q)->mu)
#define KINF__WQ_UNLOCK(q) pthread_mutex_unlock(&(q)->mu)
#else
#define KINF__WQ_LOCK(q) ((void)0)
#define KINF__WQ_UNLOCK(q) ((void)0)
#endif

KINF_API size_t kinf_workqueue_size(const kinf_workqueue_desc_t* desc) {
    kinf_workqueue_desc_t d;
    if (!desc) { return 0; }
    d = kinf__wq_defaults(desc, 0);
    return kinf__wq_layout_of(&d).total;
}
KINF_API kinf_workqueue_t* kinf_workqueue_init(void* mem, size_t size, const kinf_workqueue_desc_t* desc) {
    kinf_workqueue_desc_t d;
    kinf__wq_layout l;
    kinf_workqueue_t* q;
    char buf[200], num[48];
    int clamped, i;
    if (!mem || !desc) { return 0; }
    d = kinf__wq_defaults(desc, &clamped);
    l = kinf__wq_layout_of(&d);
    if (size < l.total) {
        kinf__log2(&d.logger, d.tag, KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, buf, sizeof(buf),
                   "kinf_workqueue_size is ", kinf__utoa(num, (uint64_t)l.total));
        return 0;
    }
    q = (kinf_workqueue_t*)mem;
    memset(q, 0, sizeof(*q));
    q->cap = d.capacity; q->item_bytes = d.item_bytes; q->nbuckets = l.nbuckets;
    q->base_delay = d.base_delay_ms; q->max_delay = d.max_delay_ms;
    q->qps = d.bucket_qps; q->burst = d.bucket_burst;
    q->e = (kinf__wqe*)((char*)mem + l.entries);
    q->buckets = (int32_t*)((char*)mem + l.buckets);
    q->heap = (int32_t*)((char*)mem + l.heap);
    q->text = (char*)mem + l.text;
    for (i = 0; i < (int)l.nbuckets; i++) { q->buckets[i] = -1; }
    for (i = 0; i < d.capacity; i++) {
        memset(&q->e[i], 0, sizeof(q->e[i]));
        q->e[i].hpos = -1; q->e[i].hnext = -1;
        q->e[i].qnext = i + 1 < d.capacity ? i + 1 : -1;
    }
    q->free_head = 0; q->qhead = -1; q->qtail = -1;
    q->mem_size = l.total;
    q->logger = d.logger;
    kinf__log_put(q->tag, sizeof(q->tag), 0, d.tag, 1);
    if (clamped) { kinf__wq_log(q, KINF_LOG_WARN, KINF_LOGITEM_CONFIG_CLAMPED, "workqueue desc", 0, __LINE__); }
#ifdef KINF_WORKQUEUE_THREADS
    {
        pthread_condattr_t ca;
        pthread_mutex_init(&q->mu, 0);
        pthread_condattr_init(&ca);
        pthread_condattr_setclock(&ca, CLOCK_MONOTONIC); /* the clock get_wait reads */
        pthread_cond_init(&q->cv_get, &ca);
        pthread_cond_init(&q->cv_drain, &ca);
        pthread_condattr_destroy(&ca);
    }
#endif
    q->magic = KINF__WQ_MAGIC;
    return q;
}
KINF_API void kinf_workqueue_destroy(kinf_workqueue_t* q) {
    if (!kinf__wq_ok(q)) { return; }
    q->magic = 0;
#ifdef KINF_WORKQUEUE_THREADS
    pthread_cond_destroy(&q->cv_get);
    pthread_cond_destroy(&q->cv_drain);
    pthread_mutex_destroy(&q->mu);
#endif
}
/* the adds: refused after a shut down; -1 from kinf__wq_entry is a full queue, -2 a long key */
static int kinf__wq_add_after(kinf_workqueue_t* q, const char* res, const char* key, int64_t delay, uint64_t now, int limited) {
    int32_t i;
    if (q->shutting_down) { q->st.refused_shutdown++; return KINF_ERR_STATE; }
    i = kinf__wq_entry(q, res, key);
    if (i < 0) { return i == -1 ? KINF_ERR_NOMEM : KINF_ERR_INVAL; }
    if (limited) { delay = (int64_t)kinf__wq_when(q, i, now); }
    if (limited || delay >= 0) { q->st.retries++; } /* client-go counts every AddAfter */
    if (delay <= 0) { kinf__wq_mark(q, i); } else { kinf__wq_delay(q, i, now + (uint64_t)delay); }
    return KINF_OK;
}
static int kinf__wq_args(kinf_workqueue_t* q, const char* key) { return kinf__wq_ok(q) && key && *key; }
KINF_API int kinf_workqueue_add(kinf_workqueue_t* q, const char* resource, const char* key) {
    int r;
    if (!kinf__wq_args(q, key)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    r = kinf__wq_add_after(q, resource, key, -1, 0, 0);
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_add_after(kinf_workqueue_t* q, const char* resource, const char* key,
                                      int64_t delay_ms, uint64_t now_ms) {
    int r;
    if (!kinf__wq_args(q, key)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    r = kinf__wq_add_after(q, resource, key, delay_ms < 0 ? 0 : delay_ms, now_ms, 0);
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_add_rate_limited(kinf_workqueue_t* q, const char* resource, const char* key,
                                             uint64_t now_ms) {
    int r;
    if (!kinf__wq_args(q, key)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    r = kinf__wq_add_after(q, resource, key, 0, now_ms, 1);
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API void kinf_workqueue_forget(kinf_workqueue_t* q, const char* resource, const char* key) {
    int32_t i;
    if (!kinf__wq_args(q, key)) { return; }
    KINF__WQ_LOCK(q);
    if (!resource) { resource = ""; }
    i = kinf__wq_find(q, resource, key, kinf__wq_hash(resource, key));
    if (i >= 0) { q->e[i].requeues = 0; kinf__wq_release(q, i); }
    KINF__WQ_UNLOCK(q);
}
KINF_API int kinf_workqueue_num_requeues(kinf_workqueue_t* q, const char* resource, const char* key) {
    int32_t i;
    int n = 0;
    if (!kinf__wq_args(q, key)) { return 0; }
    KINF__WQ_LOCK(q);
    if (!resource) { resource = ""; }
    i = kinf__wq_find(q, resource, key, kinf__wq_hash(resource, key));
    if (i >= 0) { n = (int)(q->e[i].requeues > 0x7fffffffu ? 0x7fffffffu : q->e[i].requeues); }
    KINF__WQ_UNLOCK(q);
    return n;
}
KINF_API int kinf_workqueue_len(kinf_workqueue_t* q) {
    int n;
    if (!kinf__wq_ok(q)) { return 0; }
    KINF__WQ_LOCK(q);
    n = q->depth;
    KINF__WQ_UNLOCK(q);
    return n;
}
KINF_API int kinf_workqueue_tick(kinf_workqueue_t* q, uint64_t now_ms) {
    int n;
    if (!kinf__wq_ok(q)) { return 0; }
    KINF__WQ_LOCK(q);
    n = kinf__wq_tick(q, now_ms);
    KINF__WQ_UNLOCK(q);
    return n;
}
KINF_API uint64_t kinf_workqueue_deadline(kinf_workqueue_t* q) {
    uint64_t d = UINT64_MAX;
    if (!kinf__wq_ok(q)) { return d; }
    KINF__WQ_LOCK(q);
    if (q->nheap > 0) { d = q->e[q->heap[0]].due_ms; }
    KINF__WQ_UNLOCK(q);
    return d;
}
KINF_API int kinf_workqueue_timeout_ms(kinf_workqueue_t* q, uint64_t now_ms) {
    int r = -1;
    if (!kinf__wq_ok(q)) { return -1; }
    KINF__WQ_LOCK(q);
    if (q->depth > 0) { r = 0; }
    else if (q->nheap > 0) {
        uint64_t d = q->e[q->heap[0]].due_ms;
        r = d <= now_ms ? 0 : (d - now_ms > 0x7fffffffu ? 0x7fffffff : (int)(d - now_ms));
    }
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_get(kinf_workqueue_t* q, uint64_t now_ms, kinf_workqueue_item_t* out) {
    int r;
    if (!kinf__wq_ok(q) || !out) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    r = kinf__wq_get(q, now_ms, out);
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_done(kinf_workqueue_t* q, const char* resource, const char* key, uint64_t now_ms) {
    int32_t i;
    int r = KINF_OK;
    (void)now_ms;
    if (!kinf__wq_args(q, key)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    if (!resource) { resource = ""; }
    i = kinf__wq_find(q, resource, key, kinf__wq_hash(resource, key));
    if (i < 0 || !(q->e[i].flags & KINF__WQ_PROC)) {
        kinf__wq_log(q, KINF_LOG_WARN, KINF_LOGITEM_BAD_ARGUMENT, "kinf_workqueue_done: not processing: ", key, __LINE__);
        r = KINF_ERR_INVAL;
    } else {
        kinf__wqe* e = &q->e[i];
        e->flags &= ~(uint32_t)KINF__WQ_PROC;
        q->processing--;
        q->st.dones++;
        if (e->flags & KINF__WQ_DIRTY) { /* added while processing: it waits again now */
            e->flags &= ~(uint32_t)KINF__WQ_DIRTY;
            q->st.adds--;             /* counted when it was added */
            kinf__wq_mark(q, i);
        } else {
            kinf__wq_release(q, i);
        }
#ifdef KINF_WORKQUEUE_THREADS
        if (q->processing == 0) { pthread_cond_broadcast(&q->cv_drain); }
#endif
    }
    KINF__WQ_UNLOCK(q);
    return r;
}
static void kinf__wq_shut_down(kinf_workqueue_t* q) {
    if (!q->shutting_down) {
        q->shutting_down = 1;
        while (q->nheap > 0) { /* at most cap */
            int32_t i = kinf__wq_heap_pop(q);
            q->st.dropped_delayed++;
            kinf__wq_release(q, i);
        }
    }
#ifdef KINF_WORKQUEUE_THREADS
    pthread_cond_broadcast(&q->cv_get);
#endif
}
KINF_API void kinf_workqueue_shut_down(kinf_workqueue_t* q) {
    if (!kinf__wq_ok(q)) { return; }
    KINF__WQ_LOCK(q);
    kinf__wq_shut_down(q);
    KINF__WQ_UNLOCK(q);
}
KINF_API uint64_t kinf_workqueue_now_ms(void) { return kinf_now_ms(); }
#ifdef KINF_WORKQUEUE_THREADS
/* waits on cv until the monotonic time until_ms (UINT64_MAX: no bound) */
static void kinf__wq_wait(kinf_workqueue_t* q, pthread_cond_t* cv, uint64_t until_ms) {
    struct timespec ts;
    if (until_ms == UINT64_MAX) { pthread_cond_wait(cv, &q->mu); return; }
    ts.tv_sec = (time_t)(until_ms / 1000u);
    ts.tv_nsec = (long)(until_ms % 1000u) * 1000000L;
    pthread_cond_timedwait(cv, &q->mu, &ts);
}
#endif
KINF_API int kinf_workqueue_shut_down_with_drain(kinf_workqueue_t* q, int timeout_ms) {
    int n;
    if (!kinf__wq_ok(q)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    kinf__wq_shut_down(q);
#ifdef KINF_WORKQUEUE_THREADS
    {
        uint64_t until = timeout_ms < 0 ? UINT64_MAX : kinf_now_ms() + (uint64_t)timeout_ms;
        /* ends: the last done broadcasts, or the time passes */
        while (q->processing > 0 && (until == UINT64_MAX || kinf_now_ms() < until)) {
            kinf__wq_wait(q, &q->cv_drain, until);
        }
    }
#else
    (void)timeout_ms;
#endif
    n = q->processing;
    KINF__WQ_UNLOCK(q);
    return n;
}
KINF_API int kinf_workqueue_shutting_down(kinf_workqueue_t* q) {
    int r;
    if (!kinf__wq_ok(q)) { return 0; }
    KINF__WQ_LOCK(q);
    r = q->shutting_down;
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_processing(kinf_workqueue_t* q) {
    int r;
    if (!kinf__wq_ok(q)) { return 0; }
    KINF__WQ_LOCK(q);
    r = q->processing;
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API kinf_workqueue_stats_t kinf_workqueue_stats(kinf_workqueue_t* q, uint64_t now_ms) {
    kinf_workqueue_stats_t s;
    int i;
    memset(&s, 0, sizeof(s));
    if (!kinf__wq_ok(q)) { return s; }
    KINF__WQ_LOCK(q);
    s = q->st;
    s.depth = q->depth; s.delayed = q->nheap; s.processing = q->processing;
    s.held = q->held; s.capacity = q->cap; s.mem_used = q->mem_size;
    s.unfinished_ms = 0; s.longest_running_ms = 0;
    for (i = 0; i < q->cap && q->processing > 0; i++) {
        if (q->e[i].flags & KINF__WQ_PROC) {
            uint64_t d = now_ms > q->e[i].start_ms ? now_ms - q->e[i].start_ms : 0;
            s.unfinished_ms += d;
            if (d > s.longest_running_ms) { s.longest_running_ms = d; }
        }
    }
    KINF__WQ_UNLOCK(q);
    return s;
}
KINF_API int kinf_workqueue_get_wait(kinf_workqueue_t* q, int timeout_ms, kinf_workqueue_item_t* out) {
    uint64_t now, until, wake;
    int r;
    if (!kinf__wq_ok(q) || !out) { return KINF_ERR_INVAL; }
    now = kinf_now_ms();
    until = timeout_ms < 0 ? UINT64_MAX : now + (uint64_t)timeout_ms;
    KINF__WQ_LOCK(q);
    /* ends with an item, the shut down, or the time: each pass sleeps until
       one of them may have come */
    for (;;) {
        r = kinf__wq_get(q, now, out);
        if (r != KINF_WQ_EMPTY || now >= until) { break; }
        wake = q->nheap > 0 && q->e[q->heap[0]].due_ms < until ? q->e[q->heap[0]].due_ms : until;
#ifdef KINF_WORKQUEUE_THREADS
        kinf__wq_wait(q, &q->cv_get, wake);
#else
        if (wake == UINT64_MAX) { break; } /* nothing else can add: the caller's thread is here */
        {
            uint64_t ms = wake > now ? wake - now : 0;
            poll(0, 0, ms > 0x7fffffffu ? 0x7fffffff : (int)ms);
        }
#endif
        now = kinf_now_ms();
    }
#ifdef KINF_WORKQUEUE_THREADS
    if (r == KINF_WQ_ITEM && q->depth > 0) { pthread_cond_signal(&q->cv_get); } /* more due: another worker */
#endif
    KINF__WQ_UNLOCK(q);
    return r;
}
#endif /* KINF_NO_WORKQUEUE */

#ifndef KINF_NO_CLIENT /* to the end of >>client driver */
/* >>client  one request at a time: a path built as the informer builds its
   own, a request buffer (head and a copied body), a response read into a
   bounded buffer, its Status read by jsmn when it is an error. It owns one
   connection (>>conn), as discovery and the informer do. */
#define KINF__CLIENT_MAGIC 0x6b636c69u
#define KINF__CL_HEAD (3u * KINF__MAX_STR + 1024u + KINF_MAX_TOKEN) /* request line and headers */
#define KINF__CL_TOKS 128                                           /* jsmn tokens for an error's Status */
typedef enum kinf__cl_phase { KINF__CL_IDLE = 0, KINF__CL_RUNNING, KINF__CL_DONE } kinf__cl_phase;
struct kinf_client_t {
    uint32_t magic;
    kinf_engine_t conn;           /* the connection: settings, token, socket, TLS, the exchange */
    kinf_logger_t logger;
    char tag[32];
    char logbuf[400];
    size_t req_cap, resp_cap, mem_layout;
    char prefix[KINF__MAX_STR];   /* the server URL's path */
    /* the request */
    int phase, verb;
    char path[KINF__MAX_STR + KINF__MAX_NAME + 16];
    char* head;                   /* head room then body: KINF__CL_HEAD + req_cap */
    char* body;                   /* the request body, copied (the head is built right in front of it) */
    size_t body_len;
    /* the response */
    char* rbody;                  /* resp_cap + 1 */
    size_t rlen;
    kinf_client_response_t out;
    jsmntok_t toks[KINF__CL_TOKS];
    uint32_t last_error;
    kinf_client_stats_t st;
    /* retries (desc.max_retries ...): of this request so far, the backoff's
       exponent, when the next attempt goes out (0: none waiting), the jitter */
    int max_retries, retries, backoff_n;
    uint32_t retry_base_ms, retry_max_ms, rng;
    uint64_t retry_at;
};
static int kinf__cl_ok(const kinf_client_t* c) { return c && c->magic == KINF__CLIENT_MAGIC; }
static void kinf__cl_log(kinf_client_t* c, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    if (level <= KINF_LOG_ERROR) { c->last_error = item; }
    kinf__log2(&c->logger, c->tag, level, item, line, c->logbuf, sizeof(c->logbuf), d1, d2);
}
#define KINF__CL_ERR(c, item, d1, d2) kinf__cl_log((c), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
/* the request ends: result, item (0: none), the connection dropped or kept */
static void kinf__cl_finish(kinf_client_t* c, int result, uint32_t item, int keep) {
    c->out.result = result;
    c->out.item = item;
    c->rbody[c->rlen] = 0;
    c->out.body = c->rbody; c->out.body_len = c->rlen;
    if (!keep) { kinf__conn_drop(&c->conn); }
    c->conn.cstate = KINF__C_NONE;
    c->phase = KINF__CL_DONE;
    if (result == KINF_CLIENT_OK) { c->st.ok++; }
    else { c->st.failed++; if (result == KINF_CLIENT_CONFLICT) { c->st.conflicts++; } }
}
/* the request failed before a whole response: a connection failure */
static void kinf__cl_fail(kinf_client_t* c, uint32_t item) {
    if (item) { c->last_error = item; }
    kinf__cl_finish(c, KINF_CLIENT_CONNECTION, item ? item : (uint32_t)KINF_LOGITEM_CONNECTION_CLOSED, 0);
}
/* a JSON string token's text, unescaped, sanitised, cut safely */
static void kinf__cl_text(const char* json, const jsmntok_t* t, char* dst, size_t cap) {
    kinf_value_t v;
    size_t n, k;
    memset(&v, 0, sizeof(v));
    v.type = KINF_VSTRING; v.ptr = json + t->start; v.len = (size_t)(t->end - t->start);
    n = kinf_value_str(&v, dst, cap);
    if (n >= cap) {          /* cut: back to the start of a UTF-8 character, then "..." */
        k = cap - 4;
        while (k > 0 && ((unsigned char)dst[k] & 0xC0u) == 0x80u) { k--; }
        memcpy(dst + k, "...", 4);
        n = k;
    }
    /* by the length, not to the first NUL: an escaped \u0000 is a control character too */
    for (k = 0; k < n; k++) { if ((unsigned char)dst[k] < 0x20u || dst[k] == 0x7f) { dst[k] = '?'; } }
}
/* reason and message of a Status body, if it is one */
static void kinf__cl_status(kinf_client_t* c) {
    jsmn_parser p;
    int nt, j, m;
    c->out.reason[0] = 0; c->out.message[0] = 0;
    jsmn_init(&p);
    nt = jsmn_parse(&p, c->rbody, c->rlen, c->toks, KINF__CL_TOKS);
    if (nt == JSMN_ERROR_NOMEM) { nt = KINF__CL_TOKS; } /* a long details.causes: the top members come first */
    if (nt < 1 || c->toks[0].type != JSMN_OBJECT) { return; }
    for (m = 0, j = 1; m < c->toks[0].size && j + 1 < nt; m++) {
        const jsmntok_t* k = &c->toks[j];
        const jsmntok_t* v = &c->toks[j + 1];
        size_t kl = (size_t)(k->end - k->start);
        if (v->type == JSMN_STRING && kl == 6 && !memcmp(c->rbody + k->start, "reason", 6)) { kinf__cl_text(c->rbody, v, c->out.reason, sizeof(c->out.reason)); }
        if (v->type == JSMN_STRING && kl == 7 && !memcmp(c->rbody + k->start, "message", 7)) { kinf__cl_text(c->rbody, v, c->out.message, sizeof(c->out.message)); }
        j = kinf__tok_skip(c->toks, nt, j + 1);
    }
}
/* >>client retry  client-go's rules: a 429 (the server did not take the
   request), a 5xx with Retry-After (the server asks for it), and for a GET,
   which changes nothing, a 5xx without it or a connection lost before the
   whole response. A write that got no answer may have been carried out: it
   ends, and the caller decides, as on a 409. */
static int kinf__cl_retryable(const kinf_client_t* c, int code) {
    if (code == 429) { return 1; }
    if (code >= 500 && code != 501) { return c->conn.resp.retry_after >= 0 || c->verb == KINF_CLIENT_GET; }
    return code == 0 && c->verb == KINF_CLIENT_GET; /* 0: no whole response */
}
/* Sends the request again later, if retries are left: after Retry-After
   (at most retry_max_ms) or the backoff. why: the status or the loss. 1 when
   it will; the connection is kept (keep) or dropped. */
static int kinf__cl_retry(kinf_client_t* c, int code, const char* why, int keep) {
    char num[21], det[64];
    int64_t wait;
    if (!kinf__cl_retryable(c, code) || c->retries >= c->max_retries) { return 0; }
    wait = code ? kinf__conn_retry_after_ms(&c->conn, (int64_t)c->retry_max_ms) : -1;
    if (wait < 0) { wait = (int64_t)kinf__backoff_ms(c->retry_base_ms, c->retry_max_ms, &c->backoff_n, &c->rng); }
    c->retries++;
    c->st.retries++;
    if (!keep) { kinf__conn_drop(&c->conn); }
    c->conn.cstate = KINF__C_NONE;
    c->retry_at = c->conn.now + (uint64_t)wait;
    det[0] = 0;
    kinf__cat(det, sizeof(det), " (");
    kinf__cat(det, sizeof(det), why);
    kinf__cat(det, sizeof(det), "; retry ");
    kinf__cat(det, sizeof(det), kinf__utoa(num, (uint64_t)c->retries));
    kinf__cat(det, sizeof(det), " in ");
    kinf__cat(det, sizeof(det), kinf__utoa(num, (uint64_t)wait));
    kinf__cat(det, sizeof(det), " ms)");
    kinf__cl_log(c, KINF_LOG_WARN, KINF_LOGITEM_CLIENT_RETRY, c->path, det, __LINE__);
    return 1;
}
/* The whole response: what it means for the caller. */
static void kinf__cl_response_done(kinf_client_t* c) {
    int code = c->conn.resp.status, result;
    uint32_t item;
    char num[21], det[300];
    int keep;
    kinf__conn_finished(&c->conn);
    keep = c->conn.reusable;
    c->out.code = code;
    if (code >= 200 && code < 300) { kinf__cl_finish(c, KINF_CLIENT_OK, 0, keep); return; }
    if (kinf__cl_retry(c, code, kinf__utoa(num, (uint64_t)code), keep)) { return; }
    kinf__cl_status(c);
    if (code == 409) {
        int exists = !strcmp(c->out.reason, "AlreadyExists");
        result = exists ? KINF_CLIENT_ALREADY_EXISTS : KINF_CLIENT_CONFLICT;
        item = exists ? KINF_LOGITEM_CLIENT_ALREADY_EXISTS : KINF_LOGITEM_CLIENT_CONFLICT;
    } else if (code == 404) { result = KINF_CLIENT_NOT_FOUND; item = KINF_LOGITEM_CLIENT_NOT_FOUND; }
    else if (code == 422) { result = KINF_CLIENT_INVALID; item = KINF_LOGITEM_CLIENT_INVALID; }
    else if (code == 403) { result = KINF_CLIENT_FORBIDDEN; item = KINF_LOGITEM_CLIENT_FORBIDDEN; }
    else if (code == 401) {
        result = KINF_CLIENT_UNAUTHORIZED; item = KINF_LOGITEM_CLIENT_UNAUTHORIZED;
        kinf__conn_unauthorized(&c->conn); /* the token again before the next request */
    }
    else if (code >= 500) { result = KINF_CLIENT_SERVER_ERROR; item = KINF_LOGITEM_CLIENT_SERVER_ERROR; }
    else { result = KINF_CLIENT_HTTP_ERROR; item = KINF_LOGITEM_CLIENT_HTTP_ERROR; }
    det[0] = 0;
    kinf__cat(det, sizeof(det), kinf__utoa(num, (uint64_t)code));
    kinf__cat(det, sizeof(det), " ");
    kinf__cat(det, sizeof(det), c->path);
    if (c->out.message[0]) {
        char msg[sizeof(c->out.message) + 16];
        msg[0] = 0;
        kinf__cat(msg, sizeof(msg), " (server: ");
        kinf__cat(msg, sizeof(msg), c->out.message);
        kinf__cat(msg, sizeof(msg), ")");
        kinf__cl_log(c, result == KINF_CLIENT_CONFLICT || result == KINF_CLIENT_ALREADY_EXISTS ? KINF_LOG_WARN : KINF_LOG_ERROR, item, det, msg, __LINE__);
    } else {
        kinf__cl_log(c, result == KINF_CLIENT_CONFLICT || result == KINF_CLIENT_ALREADY_EXISTS ? KINF_LOG_WARN : KINF_LOG_ERROR, item, det, 0, __LINE__);
    }
    c->last_error = item;
    kinf__cl_finish(c, result, item, keep);
}
/* body bytes of the response into the bounded buffer; 0, or -1: too large */
static int kinf__cl_take(kinf_client_t* c, const uint8_t* b, size_t k) {
    if (k > c->resp_cap - c->rlen) {
        char num[21];
        c->out.code = c->conn.resp.status;
        KINF__CL_ERR(c, CLIENT_RESPONSE_TOO_LARGE, c->path, kinf__utoa(num, (uint64_t)c->resp_cap));
        c->rlen = 0;
        kinf__cl_finish(c, KINF_CLIENT_TOO_LARGE, KINF_LOGITEM_CLIENT_RESPONSE_TOO_LARGE, 0);
        return -1;
    }
    memcpy(c->rbody + c->rlen, b, k);
    c->rlen += k;
    if (c->rlen > c->st.response_peak) { c->st.response_peak = c->rlen; }
    return 0;
}
/* body bytes into the response buffer (kinf__conn_drain's take) */
static int kinf__cl_take_op(void* owner, const uint8_t* b, size_t n) { return kinf__cl_take((kinf_client_t*)owner, b, n); }
static const char* const kinf__cl_methods[] = { "", "GET ", "POST ", "PUT ", "PATCH ", "PATCH ", "DELETE ", "PATCH " };
/* The request's head in front of the body, with the token held now; 0 when it does not fit. */
static int kinf__cl_build(kinf_client_t* c) {
    char num[21], extra[128];
    size_t o = 0, cap = KINF__CL_HEAD;
    int ok = 1;
    extra[0] = 0;
    if (c->body_len || c->verb == KINF_CLIENT_CREATE || c->verb == KINF_CLIENT_UPDATE ||
        c->verb == KINF_CLIENT_PATCH_MERGE || c->verb == KINF_CLIENT_PATCH_JSON || c->verb == KINF_CLIENT_APPLY) {
        kinf__cat(extra, sizeof(extra), c->verb == KINF_CLIENT_PATCH_MERGE ? "Content-Type: application/merge-patch+json\r\n" :
                                        c->verb == KINF_CLIENT_PATCH_JSON ? "Content-Type: application/json-patch+json\r\n" :
                                        c->verb == KINF_CLIENT_APPLY ? "Content-Type: application/apply-patch+yaml\r\n" :
                                        "Content-Type: application/json\r\n");
        kinf__cat(extra, sizeof(extra), "Content-Length: ");
        kinf__cat(extra, sizeof(extra), kinf__utoa(num, (uint64_t)c->body_len));
        kinf__cat(extra, sizeof(extra), "\r\n");
    }
    ok &= kinf__put(c->head, cap, &o, kinf__cl_methods[c->verb]);
    ok &= kinf__put(c->head, cap, &o, c->path);
    ok &= kinf__conn_headers(&c->conn, c->head, cap, &o, "Accept: application/json\r\n", extra);
    if (!ok) { return 0; }
    /* the body sits right after the head room: the head moves up against it */
    c->conn.wbuf = c->body - o;
    memmove(c->conn.wbuf, c->head, o);
    c->conn.wpos = 0;
    c->conn.wlen = o + c->body_len;
    return 1;
}
/* the JSON text of a string (quote, backslash escaped; control bytes refused) */
static int kinf__cl_put_jstr(char* out, size_t cap, size_t* o, const char* s) {
    const char* p;
    for (p = s; *p; p++) { if ((unsigned char)*p < 0x20u) { return 0; } }
    return kinf__put(out, cap, o, "\"") && kinf__rf_put_json(out, cap, o, s) && kinf__put(out, cap, o, "\"");
}
/* a name of an object: a path segment that cannot leave the path */
static int kinf__cl_name_ok(const char* s) {
    size_t i;
    if (!s || !s[0] || !strcmp(s, ".") || !strcmp(s, "..")) { return 0; }
    for (i = 0; s[i]; i++) {
        char ch = s[i];
        if (i >= KINF__MAX_NAME || !((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '.' || ch == '_' || ch == ':')) { return 0; }
    }
    return 1;
}
static int kinf__cl_send(kinf_client_t* c, int first);
static void kinf__cl_advance(void* owner) {
    kinf_client_t* c = (kinf_client_t*)owner;
    int r;
    if (c->phase == KINF__CL_RUNNING && c->retry_at && c->conn.now >= c->retry_at) { /* the retry's time */
        c->retry_at = 0;
        if (!kinf__cl_send(c, 0)) { kinf__cl_finish(c, KINF_CLIENT_CONNECTION, KINF_LOGITEM_CONFIG_TOO_LONG, 0); }
        return;
    }
    if (c->phase != KINF__CL_RUNNING || c->conn.cstate != KINF__C_RECV) { return; }
    r = kinf__conn_drain(&c->conn, kinf__cl_take_op, c);
    if (r == -1) { kinf__cl_fail(c, c->conn.err_item); } /* malformed; a refused take ended the request itself */
    if (r != 0) { return; }
    if (c->conn.body_done) { kinf__cl_response_done(c); }
}
/* The exchange ended without a whole response: the request fails (a connection failure). */
static void kinf__cl_lost(void* owner, int why, uint32_t item) {
    kinf_client_t* c = (kinf_client_t*)owner;
    /* a cut (closed, reset) under the exchange; a connect that failed is not
       retried here (as client-go): the caller's next request tries again */
    int cut = why == KINF__LOST_CLOSED || (why == KINF__LOST_FAILED && (c->conn.cstate == KINF__C_SEND || c->conn.cstate == KINF__C_RECV));
    if (c->phase == KINF__CL_RUNNING && cut && kinf__cl_retry(c, 0, why == KINF__LOST_CLOSED ? "connection closed" : "connection lost", 0)) { return; }
    if (why == KINF__LOST_CLOSED) { KINF__CL_ERR(c, CONNECTION_CLOSED, c->path, 0); item = KINF_LOGITEM_CONNECTION_CLOSED; }
    else if (why == KINF__LOST_IDLE) { KINF__CL_ERR(c, IDLE_TIMEOUT, c->path, 0); }
    if (c->phase == KINF__CL_RUNNING) { kinf__cl_fail(c, item); }
    c->conn.cstate = KINF__C_NONE;
}
/* a token file is read before a request goes out (on a new connection or a kept one), not in the middle of one */
static unsigned kinf__cl_gate(const void* owner) {
    const kinf_client_t* c = (const kinf_client_t*)owner;
    int before = c->conn.cstate == KINF__C_WANTED || (c->conn.cstate == KINF__C_SEND && c->conn.wpos == 0);
    return (c->phase == KINF__CL_RUNNING && before ? (unsigned)KINF_ENG_TOKEN : 0u) | KINF_ENG_RECV;
}
static uint64_t kinf__cl_deadline(const void* owner) {
    const kinf_client_t* c = (const kinf_client_t*)owner;
    return c->phase == KINF__CL_RUNNING && c->retry_at ? c->retry_at : UINT64_MAX;
}
static int kinf__cl_head(void* owner) { (void)owner; return 0; }
static int kinf__cl_rebuild(void* owner) { return kinf__cl_build((kinf_client_t*)owner); }
static void kinf__cl_log_op(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__cl_log((kinf_client_t*)owner, level, item, d1, d2, line);
}
static const kinf__conn_ops kinf__cl_ops = {
    kinf__cl_advance, kinf__cl_rebuild, kinf__cl_head, kinf__cl_lost, kinf__cl_gate, kinf__cl_deadline, 0, kinf__cl_log_op
};

/* The request (built again: a token read since goes into it) goes out, the
   first time (from kinf_client_start: no clock) or again (in an engine call);
   0 when its head does not fit. */
static int kinf__cl_send(kinf_client_t* c, int first) {
    if (!kinf__cl_build(c)) { KINF__CL_ERR(c, CONFIG_TOO_LONG, "client request", 0); return 0; }
    memset(&c->out, 0, sizeof(c->out));
    c->out.body = "";
    c->rlen = 0; c->rbody[0] = 0;
    kinf__conn_start(&c->conn);
    if (first) { c->conn.last_rx = KINF__RX_UNCLOCKED; } /* its idle time from the next tick */
#ifndef KINF_ENGINE_ONLY
    kinf__drv_tell(&c->conn); /* a kept-alive socket is now written */
#endif
    return 1;
}
/* The request is in place (path, verb, body): its head built, it goes out. */
static int kinf__cl_go(kinf_client_t* c) {
    c->retries = 0; c->backoff_n = 0; c->retry_at = 0;
    c->phase = KINF__CL_RUNNING;
    if (!kinf__cl_send(c, 1)) { c->phase = KINF__CL_IDLE; return KINF_ERR_INVAL; }
    c->st.requests++;
    return KINF_OK;
}
/* >>client apply  server-side apply's query on the path built: fieldManager
   (required, the API server's limit of 128 bytes, percent-encoded but for
   the unreserved bytes) and force=true when asked; ? or & as the path has
   a query already. KINF_OK, or the call is refused and nothing is sent. */
static int kinf__cl_apply_query(kinf_client_t* c, const kinf_client_request_t* req) {
    const char* fm = req->field_manager;
    size_t i, n, o;
    int ok;
    if (req->verb != KINF_CLIENT_APPLY) { return KINF_OK; }
    n = fm ? strlen(fm) : 0;
    for (i = 0; i < n && (unsigned char)fm[i] >= 0x20u && fm[i] != 0x7f; i++) { }
    if (n == 0 || n > 128 || i < n) { KINF__CL_ERR(c, CLIENT_NO_FIELD_MANAGER, c->path, 0); return KINF_ERR_INVAL; }
    o = strlen(c->path);
    ok = kinf__put(c->path, sizeof(c->path), &o, strchr(c->path, '?') ? "&fieldManager=" : "?fieldManager=") &&
         kinf__pct(c->path, sizeof(c->path), &o, fm);
    if (ok && req->force) { ok = kinf__put(c->path, sizeof(c->path), &o, "&force=true"); }
    if (!ok) { KINF__CL_ERR(c, CONFIG_TOO_LONG, c->path, 0); return KINF_ERR_INVAL; }
    return KINF_OK;
}
/* >>client path  a request to a path of the caller's own (a webhook): the
   path checked (no byte that could end the request line or start a header),
   then the rest as kinf_client_start does it */
static int kinf__cl_start_path(kinf_client_t* c, const kinf_client_request_t* req) {
    size_t i, n = strlen(req->path), blen = 0;
    if (c->phase == KINF__CL_RUNNING) { KINF__CL_ERR(c, CLIENT_BUSY, 0, 0); return KINF_ERR_STATE; }
    if (req->path[0] != '/' || n >= sizeof(c->path)) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": the path does not start with '/' or is too long"); return KINF_ERR_INVAL; }
    for (i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)req->path[i];
        if (ch <= 0x20u || ch >= 0x7fu) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": the path has a space, a control or a non-ASCII byte"); return KINF_ERR_INVAL; }
    }
    if (req->verb != KINF_CLIENT_GET && req->verb != KINF_CLIENT_DELETE && !req->body) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": this verb needs a body"); return KINF_ERR_INVAL; }
    memcpy(c->path, req->path, n + 1);
    if (kinf__cl_apply_query(c, req) != KINF_OK) { return KINF_ERR_INVAL; }
    c->body = c->rbody - c->req_cap;
    if (req->body) {
        blen = req->body_len ? req->body_len : strlen(req->body);
        if (blen > c->req_cap) { char num[21]; KINF__CL_ERR(c, CLIENT_BODY_TOO_LARGE, c->path, kinf__utoa(num, (uint64_t)blen)); return KINF_ERR_NOMEM; }
        memcpy(c->body, req->body, blen);
    }
    c->body_len = blen;
    c->verb = req->verb;
    return kinf__cl_go(c);
}
/* >>client requests */
KINF_API int kinf_client_start(kinf_client_t* c, const kinf_client_request_t* req) {
    size_t blen = 0, o = 0;
    const char* ns;
    if (!kinf__cl_ok(c)) { return KINF_ERR_INVAL; }
    if (req && req->path && req->verb >= KINF_CLIENT_GET && req->verb <= KINF_CLIENT_APPLY) { return kinf__cl_start_path(c, req); }
    if (!req || req->verb < KINF_CLIENT_GET || req->verb > KINF_CLIENT_APPLY || !req->resource) {
        KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": req, its verb or resource"); return KINF_ERR_INVAL;
    }
    if (c->phase == KINF__CL_RUNNING) { KINF__CL_ERR(c, CLIENT_BUSY, 0, 0); return KINF_ERR_STATE; }
    if (req->verb == KINF_CLIENT_CREATE ? (req->name != 0 || req->status) : !kinf__cl_name_ok(req->name)) {
        KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", req->verb == KINF_CLIENT_CREATE ? ": create takes no name and no status" : ": the name is not an object name");
        return KINF_ERR_INVAL;
    }
    if (req->status && (req->verb == KINF_CLIENT_DELETE)) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": delete has no status subresource"); return KINF_ERR_INVAL; }
    if (req->verb != KINF_CLIENT_GET && req->verb != KINF_CLIENT_DELETE && !req->body) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": this verb needs a body"); return KINF_ERR_INVAL; }
    /* the path: the informer's rules for server prefix, resource and namespace */
    ns = req->namespace_;
    if (!kinf__setup_path(c->path, c->prefix, req->resource, ns)) { KINF__CL_ERR(c, CONFIG_BAD_RESOURCE, req->resource, ns); return KINF_ERR_INVAL; }
    if (req->name && (!kinf__cat(c->path, sizeof(c->path), "/") || !kinf__cat(c->path, sizeof(c->path), req->name))) {
        KINF__CL_ERR(c, CONFIG_TOO_LONG, req->name, 0); return KINF_ERR_INVAL;
    }
    if (req->status && !kinf__cat(c->path, sizeof(c->path), "/status")) { KINF__CL_ERR(c, CONFIG_TOO_LONG, req->name, 0); return KINF_ERR_INVAL; }
    if (kinf__cl_apply_query(c, req) != KINF_OK) { return KINF_ERR_INVAL; }
    /* the body, copied to the end of wbuf */
    c->body = c->rbody - c->req_cap; /* body area: the req_cap bytes before the response */
    if (req->body) {
        blen = req->body_len ? req->body_len : strlen(req->body);
        if (blen > c->req_cap) { char num[21]; KINF__CL_ERR(c, CLIENT_BODY_TOO_LARGE, c->path, kinf__utoa(num, (uint64_t)blen)); return KINF_ERR_NOMEM; }
        memcpy(c->body, req->body, blen);
    } else if (req->verb == KINF_CLIENT_DELETE && ((req->uid && req->uid[0]) || (req->resource_version && req->resource_version[0]))) {
        int ok = kinf__put(c->body, c->req_cap, &o, "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{");
        if (req->uid && req->uid[0]) { ok &= kinf__put(c->body, c->req_cap, &o, "\"uid\":") && kinf__cl_put_jstr(c->body, c->req_cap, &o, req->uid); }
        if (req->resource_version && req->resource_version[0]) {
            if (req->uid && req->uid[0]) { ok &= kinf__put(c->body, c->req_cap, &o, ","); }
            ok &= kinf__put(c->body, c->req_cap, &o, "\"resourceVersion\":") && kinf__cl_put_jstr(c->body, c->req_cap, &o, req->resource_version);
        }
        ok &= kinf__put(c->body, c->req_cap, &o, "}}");
        if (!ok) { KINF__CL_ERR(c, BAD_ARGUMENT, "kinf_client_start", ": a precondition is too long or has control characters"); return KINF_ERR_INVAL; }
        blen = o;
    }
    c->body_len = blen;
    c->verb = req->verb;
    return kinf__cl_go(c);
}
KINF_API int kinf_client_done(kinf_client_t* c, kinf_client_response_t* out) {
    if (!kinf__cl_ok(c) || c->phase != KINF__CL_DONE) { return 0; }
    if (out) { *out = c->out; }
    c->phase = KINF__CL_IDLE;
    return 1;
}
KINF_API int kinf_client_busy(kinf_client_t* c) { return kinf__cl_ok(c) && c->phase == KINF__CL_RUNNING; }
KINF_API uint32_t kinf_client_last_error(kinf_client_t* c) { return kinf__cl_ok(c) ? c->last_error : (uint32_t)KINF_LOGITEM_BAD_ARGUMENT; }
KINF_API void kinf_client_clear_error(kinf_client_t* c) { if (kinf__cl_ok(c)) { c->last_error = 0; } }
KINF_API kinf_client_stats_t kinf_client_stats(kinf_client_t* c) {
    kinf_client_stats_t s;
    memset(&s, 0, sizeof(s));
    if (!kinf__cl_ok(c)) { return s; }
    s = c->st;
    s.bytes_read = c->conn.bytes_read; s.bytes_written = c->conn.bytes_written;
    return s;
}

/* >>client driver  the built-in driver over its connection */
KINF_API kinf_engine_t* kinf_client_engine(kinf_client_t* c) { return kinf__cl_ok(c) ? &c->conn : 0; }
#ifndef KINF_ENGINE_ONLY
KINF_API int kinf_client_fd(kinf_client_t* c) { return kinf__cl_ok(c) ? kinf__drv_fd(&c->conn) : -1; }
KINF_API unsigned kinf_client_wants(kinf_client_t* c) { return kinf__cl_ok(c) ? kinf__drv_wants(&c->conn) : 0u; }
KINF_API uint32_t kinf_client_fd_generation(kinf_client_t* c) { return kinf__cl_ok(c) ? c->conn.sock_gen : 0u; }
KINF_API int kinf_client_timeout_ms(kinf_client_t* c) { return kinf__cl_ok(c) ? kinf__drv_timeout(&c->conn) : -1; }
KINF_API int kinf_client_poll(kinf_client_t* c, int timeout_ms) {
    if (!kinf__cl_ok(c)) { return KINF_ERR_INVAL; }
    if (c->conn.own_transport) { KINF__CL_ERR(c, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    kinf__drv_poll(&c->conn, timeout_ms);
    return KINF_OK;
}
KINF_API int kinf_client_do(kinf_client_t* c, const kinf_client_request_t* req, kinf_client_response_t* out, int timeout_ms) {
    uint64_t t0;
    int rc, rounds;
    kinf_client_response_t tmp;
    if (!out) { out = &tmp; }
    memset(out, 0, sizeof(*out));
    out->body = "";
    out->result = KINF_CLIENT_CONNECTION;
    if (!kinf__cl_ok(c)) { out->item = KINF_LOGITEM_BAD_ARGUMENT; return out->result; }
    if (c->conn.own_transport) { KINF__CL_ERR(c, OWN_TRANSPORT, 0, 0); out->item = KINF_LOGITEM_OWN_TRANSPORT; return out->result; }
    if (c->phase == KINF__CL_DONE) { kinf_client_done(c, 0); } /* an earlier request nobody collected */
    rc = kinf_client_start(c, req);
    if (rc != KINF_OK) { out->item = c->last_error; return out->result; }
    t0 = kinf_now_ms();
    for (rounds = 0; ; rounds++) {
        int wait = 1000;
        if (kinf_client_done(c, out)) { return out->result; }
        if (timeout_ms >= 0) {
            uint64_t el = kinf_now_ms() - t0;
            if (el >= (uint64_t)timeout_ms) { break; }
            if ((uint64_t)timeout_ms - el < (uint64_t)wait) { wait = (int)((uint64_t)timeout_ms - el); }
        }
        kinf_client_poll(c, wait);
    }
    /* abandoned: the connection goes, the request with it */
    KINF__CL_ERR(c, CLIENT_TIMEOUT, c->path, 0);
    kinf__conn_drop(&c->conn);
    c->phase = KINF__CL_IDLE;
    c->st.failed++;
    out->result = KINF_CLIENT_TIMEOUT; out->item = KINF_LOGITEM_CLIENT_TIMEOUT; out->body = "";
    return out->result;
}
#endif /* KINF_ENGINE_ONLY */
KINF_API void kinf_client_shutdown(kinf_client_t* c) {
    if (!kinf__cl_ok(c)) { return; }
#ifndef KINF_ENGINE_ONLY
    if (!c->conn.own_transport) { kinf__sock_close(&c->conn); }
#endif
    kinf__conn_drop(&c->conn);
    c->conn.close_wanted = 0;
    if (c->phase == KINF__CL_RUNNING) { c->phase = KINF__CL_IDLE; }
}

/* >>client setup */
typedef struct kinf__cl_layout_t { size_t head, rbody, conn, total; } kinf__cl_layout_t;
static void kinf__cl_defaults(const kinf_client_desc_t* in, kinf_client_desc_t* o, kinf_conn_desc_t* conn) {
    *o = *in;
    if (o->request_bytes == 0) { o->request_bytes = 16u * 1024u; }
    if (o->request_bytes < 256) { o->request_bytes = 256; }
    if (o->request_bytes > (64u << 20)) { o->request_bytes = 64u << 20; }
    if (o->response_bytes == 0) { o->response_bytes = 64u * 1024u; }
    if (o->response_bytes < 1024) { o->response_bytes = 1024; }
    if (o->response_bytes > (64u << 20)) { o->response_bytes = 64u << 20; }
    if (o->max_retries == 0) { o->max_retries = 5; }
    if (o->max_retries < 0) { o->max_retries = 0; }
    if (o->max_retries > 100) { o->max_retries = 100; }
    if (o->retry_base_ms <= 0) { o->retry_base_ms = 500; }
    if (o->retry_max_ms <= 0) { o->retry_max_ms = 30000; }
    if (o->retry_max_ms < o->retry_base_ms) { o->retry_max_ms = o->retry_base_ms; }
    *conn = kinf__conn_desc_for(in->connection, in->conn);
}
static kinf__cl_layout_t kinf__cl_layout(const kinf_client_desc_t* o, const kinf_conn_desc_t* conn) {
    kinf__cl_layout_t l;
    size_t p = kinf__align8(sizeof(struct kinf_client_t));
    l.head = p; p = p + KINF__CL_HEAD + o->request_bytes;    /* head room, then the body ... */
    l.rbody = p; p = kinf__align8(p + o->response_bytes + 1); /* ... right before the response */
    l.total = kinf__conn_layout_end(p, &l.conn, conn);
    return l;
}
KINF_API size_t kinf_client_size(const kinf_client_desc_t* desc) {
    kinf_client_desc_t o;
    kinf_conn_desc_t conn;
    if (!desc) { return 0; }
    kinf__cl_defaults(desc, &o, &conn);
    return kinf__cl_layout(&o, &conn).total;
}
KINF_API kinf_client_t* kinf_client_init(void* mem, size_t size, const kinf_client_desc_t* desc) {
    kinf_client_desc_t o;
    kinf_conn_desc_t conn;
    kinf__cl_layout_t l;
    kinf_client_t* c;
    uint8_t* base;
    if (!mem || !desc) { return 0; }
    kinf__cl_defaults(desc, &o, &conn);
    l = kinf__cl_layout(&o, &conn);
    base = kinf__conn_base(mem, size, l.total, &conn, "client");
    if (!base) { return 0; }
    c = (kinf_client_t*)(void*)base;
    memset(c, 0, sizeof(*c));
    c->logger = conn.logger;
    kinf__strlcpy(c->tag, conn.tag ? conn.tag : "kinformer", sizeof(c->tag));
    c->req_cap = o.request_bytes; c->resp_cap = o.response_bytes; c->mem_layout = l.total;
    c->head = (char*)(base + l.head);
    c->body = c->head + KINF__CL_HEAD;
    c->rbody = (char*)(base + l.rbody);
    c->rbody[0] = 0;
    if (!kinf__conn_setup(&c->conn, &conn, &kinf__cl_ops, c, base + l.conn, c->prefix, sizeof(c->prefix))) { return 0; }
    c->conn.retry_stale = 1;
    c->conn.where = c->path;
    c->conn.last_error = &c->last_error;
    c->max_retries = o.max_retries; c->retry_base_ms = (uint32_t)o.retry_base_ms; c->retry_max_ms = (uint32_t)o.retry_max_ms;
    c->rng = kinf__drv_seed(conn.random_seed);
    c->st.response_capacity = o.response_bytes; c->st.request_capacity = o.request_bytes; c->st.mem_used = l.total;
    c->out.body = "";
    c->magic = KINF__CLIENT_MAGIC;
    return c;
}
#endif /* KINF_NO_CLIENT */
#ifndef KINF_NO_CLIENT /* to the end of >>leader driver */
/* >>leader  leader election on a coordination.k8s.io/v1 Lease, as
   client-go's tools/leaderelection does it, over a write client of its own
   (GET, POST, PUT of the Lease: >>client). The state machine is sans-I/O:
   kinf_leader_step takes the client's finished request and the times, and
   starts the next request when one is due; the built-in driver
   (kinf_leader_poll) is the client's poll and the clocks. Memory is the
   struct itself.

   The rules, as client-go has them:
   - a record is the Lease's spec: holderIdentity, leaseDurationSeconds,
     acquireTime, renewTime, leaseTransitions;
   - a record held by another is expired when lease_duration has passed on
     the LOCAL monotonic clock since this candidate last saw the record
     change (the times written in it are never compared with ours);
   - a write is a PUT with the resourceVersion last read: a 409 means
     another wrote since, and the Lease is read again at once;
   - the leader renews every retry period, without reading first; it stops
     leading when no renewal has succeeded for renew_deadline since the last
     successful one was sent;
   - a candidate tries every retry period, jittered up by up to 1.2 times;
   - a clean stop (kinf_leader_release) writes the record with no holder and
     a lease duration of 1 s, so the next candidate takes over at once. */
#define KINF__LEADER_MAGIC 0x6b6c6472u
#define KINF__LE_LEASES "/apis/coordination.k8s.io/v1/leases"
#define KINF__LE_JITTER_TENTHS 12u /* client-go's JitterFactor 1.2 */
enum { KINF__LE_NONE = 0, KINF__LE_GET, KINF__LE_CREATE, KINF__LE_UPDATE, KINF__LE_RELEASE };
/* a Lease's spec: the election record */
typedef struct kinf__le_record {
    char holder[KINF__MAX_NAME];
    int alien;                 /* the holder read was cut or held a NUL: shown with '?', never this candidate */
    int64_t duration_s, transitions;
    char acquire[40], renew[40];
} kinf__le_record;
struct kinf_leader_t {
    uint32_t magic;
    kinf_client_t* client;
    char ns[KINF__MAX_NAME], name[KINF__MAX_NAME], id[KINF__MAX_NAME];
    uint64_t lease_ms, renew_ms, retry_ms;
    void (*on_started)(kinf_leader_t* l, void* user);
    void (*on_stopped)(kinf_leader_t* l, void* user);
    void (*on_new)(kinf_leader_t* l, const char* identity, void* user);
    void* user;
    kinf_logger_t logger;
    char tag[32];
    char logbuf[400];
    uint32_t seed;
    /* the request under way */
    int req;
    uint64_t req_at;           /* when it was started (monotonic ms) */
    kinf__le_record mine;      /* what a create or update writes */
    /* what the server holds, as last seen */
    int have_obs;
    kinf__le_record obs;
    uint64_t obs_at;           /* when obs was last seen to change */
    char rv[64];               /* its resourceVersion */
    char reported[KINF__MAX_NAME]; /* the holder on_new_leader was told of last */
    /* this candidate */
    int leading, stopping, stopped;
    uint64_t next_at;          /* the next attempt is due */
    uint64_t lose_at;          /* leading: no renewal succeeded by then ends it */
    char body[1536];           /* the Lease written */
    kinf_leader_stats_t st;
};
static int kinf__le_ok(const kinf_leader_t* l) { return l && l->magic == KINF__LEADER_MAGIC; }
static void kinf__le_log(kinf_leader_t* l, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log2(&l->logger, l->tag, level, item, line, l->logbuf, sizeof(l->logbuf), d1, d2);
}
#define KINF__LE_LOG(l, level, item, d1, d2) kinf__le_log((l), KINF_LOG_##level, KINF_LOGITEM_##item, (d1), (d2), __LINE__)

/* n decimal digits of v (0 <= v < 10^n) at p, leading zeros kept */
static void kinf__le_digits(char* p, int64_t v, int n) {
    while (n-- > 0) { p[n] = (char)('0' + v % 10); v /= 10; }
}
/* >>leader time  a MicroTime (RFC 3339, microseconds, UTC) from Unix ms:
   the civil date of a day count by the era arithmetic (400-year cycles) */
static void kinf__le_time(char* out /* >= 32 */, int64_t unix_ms) {
    int64_t secs = unix_ms >= 0 ? unix_ms / 1000 : (unix_ms - 999) / 1000;
    int64_t ms = unix_ms - secs * 1000, days = secs >= 0 ? secs / 86400 : (secs - 86399) / 86400;
    int64_t sod = secs - days * 86400, z = days + 719468, era, doe, yoe, doy, mp, y, m, d;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;                                     /* [0, 146096] */
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; /* [0, 399] */
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);              /* [0, 365], from March 1st */
    mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y = yoe + era * 400 + (m <= 2);
    if (y < 0) { y = 0; }
    if (y > 9999) { y = 9999; }
    /* YYYY-MM-DDTHH:MM:SS.mmm000Z, written digit by digit (no stdio) */
    memcpy(out, "0000-00-00T00:00:00.000000Z", 28);
    kinf__le_digits(out, y, 4); kinf__le_digits(out + 5, m, 2); kinf__le_digits(out + 8, d, 2);
    kinf__le_digits(out + 11, sod / 3600, 2); kinf__le_digits(out + 14, sod / 60 % 60, 2); kinf__le_digits(out + 17, sod % 60, 2);
    kinf__le_digits(out + 20, ms, 3);
}

/* >>leader record  the Lease read (its spec and resourceVersion) and written */
static int64_t kinf__le_num(const kinf_object_t* o, const char* path) {
    kinf_value_t v;
    if (!kinf_field(o, path, &v) || v.type != KINF_VNUMBER) { return -1; }
    return kinf__parse_dec(v.ptr, v.len);
}
/* 1 when body is a Lease with a resourceVersion; its record in *r, the version in rv */
static int kinf__le_parse(const char* body, size_t len, kinf__le_record* r, char* rv, size_t rvcap) {
    kinf_object_t o;
    size_t n, i, shown;
    memset(&o, 0, sizeof(o));
    o.key = o.name = o.namespace_ = o.uid = o.resource_version = "";
    o.json = body; o.json_len = len;
    memset(r, 0, sizeof(*r));
    /* a version cut or holding a NUL (\u0000 unescaped) would go back as
       another, or as "" (an update with no precondition) */
    n = kinf_field_str(&o, "metadata.resourceVersion", rv, rvcap);
    if (n == 0 || n >= rvcap || strlen(rv) != n) { return 0; }
    /* a holder cut to our length, or ours with a NUL and more after it, is
       someone else's: compared by the flag, not the text */
    n = kinf_field_str(&o, "spec.holderIdentity", r->holder, sizeof(r->holder));
    r->alien = n >= sizeof(r->holder);
    shown = n < sizeof(r->holder) ? n : sizeof(r->holder) - 4; /* written whole characters, at least */
    for (i = 0; i < shown; i++) { if (!r->holder[i]) { r->holder[i] = '?'; r->alien = 1; } }
    kinf_field_str(&o, "spec.acquireTime", r->acquire, sizeof(r->acquire));
    kinf_field_str(&o, "spec.renewTime", r->renew, sizeof(r->renew));
    r->duration_s = kinf__le_num(&o, "spec.leaseDurationSeconds");
    r->transitions = kinf__le_num(&o, "spec.leaseTransitions");
    if (kinf_field_has(&o, "spec.leaseDurationSeconds") && r->duration_s < 0) { return 0; }
    if (r->duration_s < 0) { r->duration_s = 0; }
    if (r->duration_s > 366 * 86400) { r->duration_s = 366 * 86400; } /* ms of it count in 64 bits */
    if (r->transitions < 0) { r->transitions = 0; }
    return 1;
}
static int kinf__le_same(const kinf__le_record* a, const kinf__le_record* b) {
    return !strcmp(a->holder, b->holder) && a->alien == b->alien && a->duration_s == b->duration_s && a->transitions == b->transitions &&
           !strcmp(a->acquire, b->acquire) && !strcmp(a->renew, b->renew);
}
/* the Lease as JSON into l->body: the record, the resourceVersion when updating */
static int kinf__le_body(kinf_leader_t* l, const kinf__le_record* r, int with_rv) {
    char num[21];
    size_t o = 0, cap = sizeof(l->body);
    char* b = l->body;
    int ok = kinf__put(b, cap, &o, "{\"apiVersion\":\"coordination.k8s.io/v1\",\"kind\":\"Lease\",\"metadata\":{\"name\":") &&
             kinf__cl_put_jstr(b, cap, &o, l->name) && kinf__put(b, cap, &o, ",\"namespace\":") &&
             kinf__cl_put_jstr(b, cap, &o, l->ns);
    if (with_rv) { ok = ok && kinf__put(b, cap, &o, ",\"resourceVersion\":") && kinf__cl_put_jstr(b, cap, &o, l->rv); }
    ok = ok && kinf__put(b, cap, &o, "},\"spec\":{\"holderIdentity\":") && kinf__cl_put_jstr(b, cap, &o, r->holder) &&
         kinf__put(b, cap, &o, ",\"leaseDurationSeconds\":") && kinf__put(b, cap, &o, kinf__utoa(num, (uint64_t)r->duration_s)) &&
         kinf__put(b, cap, &o, ",\"acquireTime\":") && kinf__cl_put_jstr(b, cap, &o, r->acquire) &&
         kinf__put(b, cap, &o, ",\"renewTime\":") && kinf__cl_put_jstr(b, cap, &o, r->renew) &&
         kinf__put(b, cap, &o, ",\"leaseTransitions\":") && kinf__put(b, cap, &o, kinf__utoa(num, (uint64_t)r->transitions)) &&
         kinf__put(b, cap, &o, "}}");
    return ok;
}

/* >>leader machine */
/* r is held by this candidate */
static int kinf__le_mine(const kinf_leader_t* l, const kinf__le_record* r) { return !r->alien && !strcmp(r->holder, l->id); }
/* the record seen: when it differs from the one seen before, the local
   clock starts its lease again; a new holder is told once */
static void kinf__le_observe(kinf_leader_t* l, const kinf__le_record* r, uint64_t now) {
    if (!l->have_obs || !kinf__le_same(&l->obs, r)) {
        l->obs = *r; l->obs_at = now; l->have_obs = 1;
        l->st.changes_seen++;
    }
    if (strcmp(l->reported, r->holder) != 0) {
        kinf__strlcpy(l->reported, r->holder, sizeof(l->reported));
        if (r->holder[0]) {
            KINF__LE_LOG(l, INFO, LEADER_NEW, r->holder, 0);
            if (l->on_new) { l->on_new(l, r->holder, l->user); }
        }
    }
}
/* the next attempt of a candidate: one retry period, jittered up by up to 1.2 of it */
static uint64_t kinf__le_jittered(kinf_leader_t* l, uint64_t now) {
    uint64_t span = l->retry_ms * KINF__LE_JITTER_TENTHS / 10u;
    return now + l->retry_ms + (span ? (uint64_t)kinf__rand(&l->seed) % span : 0u);
}
static void kinf__le_lose(kinf_leader_t* l, const char* why) {
    if (!l->leading) { return; }
    l->leading = 0;
    l->st.lost++;
    kinf__le_log(l, l->stopping ? KINF_LOG_INFO : KINF_LOG_WARN, KINF_LOGITEM_LEADER_LOST, why, 0, __LINE__); /* a clean stop is no warning */
    if (l->on_stopped) { l->on_stopped(l, l->user); }
}
static int kinf__le_start(kinf_leader_t* l, int what, uint64_t now) {
    kinf_client_request_t rq;
    memset(&rq, 0, sizeof(rq));
    rq.resource = KINF__LE_LEASES;
    rq.namespace_ = l->ns;
    rq.name = what == KINF__LE_CREATE ? 0 : l->name;
    rq.verb = what == KINF__LE_GET ? KINF_CLIENT_GET : what == KINF__LE_CREATE ? KINF_CLIENT_CREATE : KINF_CLIENT_UPDATE;
    if (what != KINF__LE_GET) {
        if (!kinf__le_body(l, &l->mine, what != KINF__LE_CREATE)) { KINF__LE_LOG(l, ERROR, CONFIG_TOO_LONG, "the Lease", 0); return 0; }
        rq.body = l->body;
    }
    if (kinf_client_start(l->client, &rq) != KINF_OK) { return 0; } /* logged by the client */
    l->req = what; l->req_at = now;
    l->st.requests++;
    return 1;
}
/* a time as a Lease may hold one and this elector may write it back: not
   empty, printable ASCII (a MicroTime is; a control byte, which the server's
   JSON may carry escaped, could not go back in a request) */
static int kinf__le_time_ok(const char* s) {
    if (!s[0]) { return 0; }
    for (; *s; s++) { if ((unsigned char)*s <= 0x20u || (unsigned char)*s >= 0x7fu) { return 0; } }
    return 1;
}
/* the record this candidate writes over r (the one read): its own, renewed
   now (a renewal keeps the acquisition's time, unless it is none a Lease
   can hold: then it is now) */
static void kinf__le_claim(kinf_leader_t* l, const kinf__le_record* r, int64_t unix_ms) {
    int ours = kinf__le_mine(l, r);
    memset(&l->mine, 0, sizeof(l->mine));
    kinf__strlcpy(l->mine.holder, l->id, sizeof(l->mine.holder));
    l->mine.duration_s = (int64_t)(l->lease_ms / 1000u);
    kinf__le_time(l->mine.renew, unix_ms);
    if (ours) { /* a renewal: the acquisition stays */
        memcpy(l->mine.acquire, kinf__le_time_ok(r->acquire) ? r->acquire : l->mine.renew, sizeof(l->mine.acquire));
        l->mine.transitions = r->transitions;
    } else {
        memcpy(l->mine.acquire, l->mine.renew, sizeof(l->mine.acquire));
        l->mine.transitions = r->transitions + 1;
    }
}
/* a GET answered: held by another and not expired, or ours to write */
static void kinf__le_read(kinf_leader_t* l, const kinf_client_response_t* r, uint64_t now, int64_t unix_ms) {
    kinf__le_record rec;
    if (r->result == KINF_CLIENT_NOT_FOUND) {
        memset(&l->mine, 0, sizeof(l->mine));
        kinf__strlcpy(l->mine.holder, l->id, sizeof(l->mine.holder));
        l->mine.duration_s = (int64_t)(l->lease_ms / 1000u);
        kinf__le_time(l->mine.renew, unix_ms);
        memcpy(l->mine.acquire, l->mine.renew, sizeof(l->mine.acquire));
        if (!kinf__le_start(l, KINF__LE_CREATE, now)) { l->next_at = kinf__le_jittered(l, now); }
        return;
    }
    if (r->result != KINF_CLIENT_OK) {
        l->st.failed++;
        KINF__LE_LOG(l, WARN, LEADER_REQUEST_FAILED, "GET", kinf_log_item_name(r->item));
        l->next_at = l->leading ? now + l->retry_ms : kinf__le_jittered(l, now);
        return;
    }
    if (!kinf__le_parse(r->body, r->body_len, &rec, l->rv, sizeof(l->rv))) {
        l->st.failed++;
        l->rv[0] = 0;
        KINF__LE_LOG(l, ERROR, LEADER_BAD_LEASE, l->name, 0);
        l->next_at = l->leading ? now + l->retry_ms : kinf__le_jittered(l, now);
        return;
    }
    kinf__le_observe(l, &rec, now);
    if (l->stopping) { return; }
    if ((rec.holder[0] || rec.alien) && !kinf__le_mine(l, &rec) && now < l->obs_at + (uint64_t)rec.duration_s * 1000u) {
        kinf__le_lose(l, rec.holder); /* another holds it: whatever this one believed, it leads no more */
        l->next_at = kinf__le_jittered(l, now);
        return;
    }
    kinf__le_claim(l, &rec, unix_ms);
    if (!kinf__le_start(l, KINF__LE_UPDATE, now)) { l->next_at = kinf__le_jittered(l, now); }
}
/* a create or update answered */
static void kinf__le_wrote(kinf_leader_t* l, int what, const kinf_client_response_t* r, uint64_t now) {
    kinf__le_record rec;
    if (r->result == KINF_CLIENT_OK) {
        if (!kinf__le_parse(r->body, r->body_len, &rec, l->rv, sizeof(l->rv))) { l->rv[0] = 0; }
        kinf__le_observe(l, &l->mine, now);
        if (what == KINF__LE_RELEASE || l->stopping) { return; } /* stopping: released next, never leading again */
        l->lose_at = l->req_at + l->renew_ms;
        l->next_at = now + l->retry_ms;
        l->st.renewals++;
        if (!l->leading) {
            l->leading = 1;
            l->st.elected++;
            KINF__LE_LOG(l, INFO, LEADER_ELECTED, l->id, 0);
            if (l->on_started) { l->on_started(l, l->user); }
        }
        return;
    }
    if (what == KINF__LE_RELEASE) { return; }
    if (r->result == KINF_CLIENT_CONFLICT || r->result == KINF_CLIENT_ALREADY_EXISTS) {
        l->st.conflicts++; /* another wrote since: read it again now */
        l->next_at = now;
        l->rv[0] = 0;
        return;
    }
    l->st.failed++;
    KINF__LE_LOG(l, WARN, LEADER_REQUEST_FAILED, what == KINF__LE_CREATE ? "POST" : "PUT", kinf_log_item_name(r->item));
    l->rv[0] = 0;
    l->next_at = l->leading ? now + l->retry_ms : kinf__le_jittered(l, now);
}
/* the next request, when none is under way */
static void kinf__le_next(kinf_leader_t* l, uint64_t now, int64_t unix_ms) {
    if (l->stopping) {
        /* a clean stop: the record given up when this candidate is its holder */
        if (l->have_obs && l->rv[0] && kinf__le_mine(l, &l->obs)) {
            memset(&l->mine, 0, sizeof(l->mine));
            l->mine.duration_s = 1;
            kinf__le_time(l->mine.renew, unix_ms);
            memcpy(l->mine.acquire, l->mine.renew, sizeof(l->mine.acquire));
            l->mine.transitions = l->obs.transitions;
            l->have_obs = 0;
            if (kinf__le_start(l, KINF__LE_RELEASE, now)) { return; }
        }
        l->stopped = 1;
        return;
    }
    if (now < l->next_at) { return; }
    if (l->leading && l->rv[0]) { /* the leader renews what it wrote, without reading first */
        kinf__le_claim(l, &l->obs, unix_ms);
        if (kinf__le_start(l, KINF__LE_UPDATE, now)) { return; }
    }
    if (!kinf__le_start(l, KINF__LE_GET, now)) { l->next_at = kinf__le_jittered(l, now); }
}

/* >>leader calls */
KINF_API size_t kinf_leader_size(void) { return sizeof(struct kinf_leader_t); }
/* lease > renew deadline > 1.2 retry periods, as client-go checks them */
static int kinf__le_check(const kinf_leader_desc_t* d, uint64_t lease, uint64_t renew, uint64_t retry) {
    if (!d->client || !d->namespace_ || !d->name || !d->identity || !d->identity[0]) { return 0; }
    if (strlen(d->namespace_) >= KINF__MAX_NAME || strlen(d->name) >= KINF__MAX_NAME || strlen(d->identity) >= KINF__MAX_NAME) { return 0; }
    if (!kinf__cl_name_ok(d->name) || !kinf__cl_name_ok(d->namespace_)) { return 0; }
    if (lease % 1000u || lease < 1000u) { return 0; }
    return lease > renew && renew * 10u > retry * KINF__LE_JITTER_TENTHS && retry > 0;
}
KINF_API kinf_leader_t* kinf_leader_init(void* mem, size_t size, const kinf_leader_desc_t* desc) {
    kinf_leader_t* l = (kinf_leader_t*)mem;
    uint64_t lease, renew, retry;
    char buf[400];
    const char* tag;
    if (!desc) { return 0; }
    tag = desc->tag ? desc->tag : "kinformer";
    if (!mem || size < sizeof(*l) || ((uintptr_t)mem & 7u)) {
        kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, buf, sizeof(buf), "kinf_leader_init", 0);
        return 0;
    }
    lease = desc->lease_duration_ms ? (uint64_t)desc->lease_duration_ms : 15000u;
    renew = desc->renew_deadline_ms ? (uint64_t)desc->renew_deadline_ms : 10000u;
    retry = desc->retry_period_ms ? (uint64_t)desc->retry_period_ms : 2000u;
    if (!kinf__le_check(desc, lease, renew, retry)) {
        kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, KINF_LOGITEM_LEADER_BAD_CONFIG, __LINE__, buf, sizeof(buf), desc->name, 0);
        return 0;
    }
    memset(l, 0, sizeof(*l));
    l->client = desc->client;
    kinf__strlcpy(l->ns, desc->namespace_, sizeof(l->ns));
    kinf__strlcpy(l->name, desc->name, sizeof(l->name));
    kinf__strlcpy(l->id, desc->identity, sizeof(l->id));
    kinf__strlcpy(l->tag, tag, sizeof(l->tag));
    l->lease_ms = lease; l->renew_ms = renew; l->retry_ms = retry;
    l->on_started = desc->on_started_leading; l->on_stopped = desc->on_stopped_leading; l->on_new = desc->on_new_leader;
    l->user = desc->user;
    l->logger = desc->logger;
    l->seed = desc->random_seed ? desc->random_seed : kinf__fnv(l->id, strlen(l->id)) | 1u;
    l->magic = KINF__LEADER_MAGIC;
    return l;
}
KINF_API int kinf_leader_step(kinf_leader_t* l, uint64_t now_ms, int64_t unix_ms) {
    kinf_client_response_t r;
    if (!kinf__le_ok(l)) { return KINF_ERR_INVAL; }
    if (l->stopped) { return KINF_OK; }
    if (l->req && kinf_client_done(l->client, &r)) {
        int what = l->req;
        l->req = KINF__LE_NONE;
        if (what == KINF__LE_GET) { kinf__le_read(l, &r, now_ms, unix_ms); }
        else { kinf__le_wrote(l, what, &r, now_ms); }
        if (what == KINF__LE_RELEASE) {
            l->stopped = 1;
            KINF__LE_LOG(l, INFO, LEADER_RELEASED, l->name, r.result == KINF_CLIENT_OK ? 0 : kinf_log_item_name(r.item));
            return KINF_OK;
        }
    }
    if (l->leading && now_ms >= l->lose_at) { kinf__le_lose(l, "no renewal within the renew deadline"); }
    if (!l->req && !kinf_client_busy(l->client)) { kinf__le_next(l, now_ms, unix_ms); }
    return KINF_OK;
}
KINF_API int kinf_leader_is_leader(const kinf_leader_t* l, uint64_t now_ms) {
    return kinf__le_ok(l) && l->leading && !l->stopping && now_ms < l->lose_at;
}
KINF_API const char* kinf_leader_holder(const kinf_leader_t* l) {
    return kinf__le_ok(l) && l->have_obs ? l->obs.holder : "";
}
KINF_API uint64_t kinf_leader_deadline(const kinf_leader_t* l) {
    uint64_t dl;
    if (!kinf__le_ok(l) || l->stopped) { return UINT64_MAX; }
    if (l->req) { dl = UINT64_MAX; } /* the client's own deadlines end the request */
    else if (l->stopping) { dl = 0; }
    else { dl = l->next_at; }
    if (l->leading && l->lose_at < dl) { dl = l->lose_at; }
    return dl;
}
KINF_API void kinf_leader_release(kinf_leader_t* l) {
    if (!kinf__le_ok(l) || l->stopping) { return; }
    l->stopping = 1;
    kinf__le_lose(l, "stopped");
}
KINF_API int kinf_leader_stopped(const kinf_leader_t* l) { return !kinf__le_ok(l) || l->stopped; }
KINF_API kinf_leader_stats_t kinf_leader_stats(const kinf_leader_t* l) {
    kinf_leader_stats_t s;
    memset(&s, 0, sizeof(s));
    if (kinf__le_ok(l)) { s = l->st; s.transitions = l->have_obs ? (uint64_t)l->obs.transitions : 0u; }
    return s;
}

/* >>leader driver  the client's built-in driver and the two clocks */
#ifndef KINF_ENGINE_ONLY
static int64_t kinf__le_unix_ms(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0) { return 0; }
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
KINF_API int kinf_leader_timeout_ms(const kinf_leader_t* l) {
    uint64_t dl, now;
    int ct;
    if (!kinf__le_ok(l) || l->stopped) { return -1; }
    now = kinf_now_ms();
    dl = kinf_leader_deadline(l);
    ct = l->req ? kinf_client_timeout_ms(l->client) : -1;
    if (dl == UINT64_MAX) { return ct; }
    dl = dl <= now ? 0u : dl - now;
    if (dl > 0x7fffffffu) { dl = 0x7fffffffu; }
    return ct >= 0 && (uint64_t)ct < dl ? ct : (int)dl;
}
KINF_API int kinf_leader_poll(kinf_leader_t* l, int timeout_ms) {
    int w;
    if (!kinf__le_ok(l)) { return KINF_ERR_INVAL; }
    kinf_leader_step(l, kinf_now_ms(), kinf__le_unix_ms());
    w = kinf_leader_timeout_ms(l);
    if (w < 0 || (timeout_ms >= 0 && timeout_ms < w)) { w = timeout_ms; }
    kinf_client_poll(l->client, w);
    return kinf_leader_step(l, kinf_now_ms(), kinf__le_unix_ms());
}
#endif /* KINF_ENGINE_ONLY */
#endif /* KINF_NO_CLIENT */
/* >>public */
KINF_API const char* kinf_version(void) { return KINF_VERSION; }

KINF_API size_t kinf_informer_size(const kinf_desc_t* desc) {
    kinf_desc_t d;
    kinf_conn_desc_t cd;
    const char* clamped = 0;
    if (!desc) { return 0; }
    d = kinf__setup_defaults(desc);
    cd = kinf__conn_desc(&d);
    kinf__conn_defaults(&cd, &clamped);
    return kinf__setup_layout(&d, &cd).total;
}

KINF_API kinf_informer_t* kinf_init(void* mem, size_t size, const kinf_desc_t* desc) {
    kinf__setup_t s;
    kinf__setup_out o;
    kinf_informer_t* inf;
    uint8_t* base;
    char tmp[400];
    const char* tag = (desc && desc->tag) ? desc->tag : "kinformer";
    if (!desc) { return 0; } /* no logger to tell; kinf_check(NULL, ...) says BAD_ARGUMENT */
    if (!mem) { /* a desc no buffer can hold is said as such, whatever mem is */
        if (kinf_informer_size(desc) == SIZE_MAX) {
            kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_OVERFLOW, __LINE__, tmp, sizeof(tmp), 0, 0);
        } else {
            kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, KINF_LOGITEM_BAD_ARGUMENT, __LINE__, tmp, sizeof(tmp), "kinf_init", ": mem is NULL");
        }
        return 0;
    }
    memset(&o, 0, sizeof(o)); /* kinf__setup fills it when it accepts; -Os cannot see that */
    if (kinf__setup(mem, size, desc, &o, &s) != KINF_LOGITEM_OK) {
        kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, s.why.item, s.why.line, tmp, sizeof(tmp), s.why.d1, s.why.d2);
        return 0;
    }
    /* accepted: kinf__setup cleared the context, and the checks built the
       host, Host header, path and rules into it */
    base = kinf__setup_base(mem);
    inf = (kinf_informer_t*)(void*)base;
    inf->magic = KINF__MAGIC;
    inf->logger = s.d.logger.func ? s.d.logger : s.cd.logger;
    kinf__strlcpy(inf->tag, desc->tag ? desc->tag : s.cd.tag ? s.cd.tag : "kinformer", sizeof(inf->tag));
    inf->mem_size = size; inf->mem_layout = s.l.total;
    inf->max_objects = s.d.max_objects; inf->max_tokens = s.d.max_tokens; inf->fifo_cap = s.d.fifo_capacity;
    inf->max_handlers = s.d.max_handlers; inf->max_indexes = s.d.max_indexes; inf->ixk = s.d.max_index_values; inf->budget = s.d.dispatch_budget;
    inf->pf_top = 0; inf->pagesz = 0;
#if defined(__linux__) && !defined(KINF_ENGINE_ONLY)
    if (s.d.prefault_store) { long pg = sysconf(_SC_PAGESIZE); inf->pagesz = pg > 0 ? (size_t)pg : 0; }
#endif
    inf->list_limit = s.d.list_limit; inf->store_bytes = s.d.store_bytes; inf->max_event_bytes = s.d.max_event_bytes;
    inf->resync_ms = s.d.resync_period_ms > 0 ? s.d.resync_period_ms : 0;
    inf->watch_timeout_s = s.d.watch_timeout_s;
    inf->skip_unchanged = (uint8_t)(s.d.skip_unchanged != 0);
#ifndef KINF_ENGINE_ONLY
    inf->rng = s.d.random_seed ? s.d.random_seed : kinf__drv_seed(s.cd.random_seed);
#else
    inf->rng = s.d.random_seed ? s.d.random_seed : s.cd.random_seed ? s.cd.random_seed : (uint32_t)((uintptr_t)mem * 2654435761u) | 1u; /* no clock here: give desc.random_seed */
#endif
    kinf__conn_init(&inf->conn, &s.cd, &o.conn, &kinf__rf_ops, inf, base + s.l.rbuf, kinf__conn_tls_bytes(&s.cd) ? base + s.l.tls : 0);
    inf->conn.last_error = &inf->last_error;
    inf->conn.wbuf = inf->wbuf;
#ifndef KINF_NO_WATCH_LIST
    inf->wl_mode = (uint8_t)(s.d.watch_list == KINF_WATCH_LIST_ON || s.d.watch_list == KINF_WATCH_LIST_OFF ? s.d.watch_list : KINF_WATCH_LIST_AUTO);
    inf->wl_timeout_ms = (uint32_t)s.d.watch_list_timeout_ms;
#endif
#ifndef KINF_NO_METADATA_ONLY
    inf->meta_only = s.d.metadata_only != 0;
#endif
    /* checked by kinf__setup_check: they fit */
    if (s.d.namespace_ && s.d.namespace_[0]) { /* a namespaced resource of one namespace: the path ends ".../namespaces/NS/plural" */
        const char* last = strrchr(inf->path, '/'); /* not a search from the start: the server URL's own path may hold "/namespaces/" */
        size_t nl = strlen(s.d.namespace_), at = (size_t)(last - inf->path);
        if (at >= 12 + nl && !memcmp(inf->path + at - nl - 12, "/namespaces/", 12) && !memcmp(inf->path + at - nl, s.d.namespace_, nl)) {
            inf->ns_off = (uint16_t)(at - nl); inf->ns_len = (uint16_t)nl;
        }
    }
    kinf__strlcpy(inf->lsel, s.d.label_selector, sizeof(inf->lsel));
    kinf__strlcpy(inf->fsel, s.d.field_selector, sizeof(inf->fsel));
    /* arrays */
    inf->slots = (kinf__slot*)(void*)(base + s.l.slots);
    inf->kb = (uint32_t*)(void*)(base + s.l.kb); inf->kb_n = s.l.kbn;
    inf->ix = (kinf__ixlink*)(void*)(base + s.l.ix);
    inf->ixv = (uint32_t*)(void*)(base + s.l.ixv);
    inf->ixb = (int32_t*)(void*)(base + s.l.ixb); inf->ixb_mask = s.l.ixbn - 1u;
    inf->idx = (kinf__index*)(void*)(base + s.l.idx);
    inf->handlers = (kinf__hslot*)(void*)(base + s.l.handlers);
    inf->toks = (jsmntok_t*)(void*)(base + s.l.toks);
    inf->ev = base + s.l.ev;
    inf->arena = base + s.l.arena;
    /* the read buffer is cleared, as the context is: the fixed part is
       resident from the start, whatever the first reads' sizes */
#ifndef KINF_NO_GZIP
    if (s.l.gz) { inf->conn.gz = base + s.l.gz; ((kinf__gz*)inf->conn.gz)->crc_ready = 0; }
#endif
    memset(inf->conn.rbuf, 0, inf->conn.rcap);
    /* slots and their index links are set up when first used, and a custom
       index's buckets when it is added: memory the informer does not use
       stays untouched (no RSS) */
    inf->free_head = -1; inf->slot_hi = 0;
#ifndef KINF_NO_FACTORY
    inf->obj_cap = inf->max_objects;
#endif
    memset(inf->kb, 0xff, (size_t)s.l.kbn * 4u);
    memset(inf->ixb, 0xff, (size_t)s.l.ixbn * 4u);
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
    if (s.clamped) { KINF__WARN(inf, CONFIG_CLAMPED, s.clamped, 0); }
    return inf;
}

/* the scratch kinf_check's checks build into, in place of a context */
typedef struct kinf__setup_scratch {
    char host[KINF__HOST_BYTES], hosthdr[KINF__HOSTHDR_BYTES], path[KINF__MAX_STR];
#ifdef KINF__PROXY
    char proxy_host[KINF__HOST_BYTES], proxy_auth[KINF__PROXY_AUTH_BYTES];
#endif
    kinf__rules rules;
#ifndef KINF_NO_SELECTOR
    kinf_selector_t sel;
#endif
#ifdef KINF_TLS_BEARSSL
    kinf__tls_ld tls;             /* no block: decodes and counts only */
#endif
} kinf__setup_scratch;
KINF_API uint32_t kinf_check(const kinf_desc_t* desc, size_t size, char* why, size_t cap) {
    kinf__setup_scratch sc;
    kinf__setup_out o;
    kinf__setup_t s;
    uint32_t item;
    memset(&sc, 0, sizeof(sc));
    memset(&o, 0, sizeof(o));
    o.conn.host = sc.host; o.conn.hosthdr = sc.hosthdr; o.path = sc.path; o.rules = &sc.rules;
#ifdef KINF__PROXY
    o.conn.proxy_host = sc.proxy_host; o.conn.proxy_auth = sc.proxy_auth;
#endif
#ifndef KINF_NO_SELECTOR
    o.sel = &sc.sel;
#endif
#ifdef KINF_TLS_BEARSSL
    o.conn.tls = &sc.tls;
#endif
    item = kinf__setup(0, size, desc, &o, &s);
    kinf__why_line(why, cap, item, 0, s.why.d1, s.why.d2);
    return item;
}

#ifndef KINF_ENGINE_ONLY
KINF_API void kinf_log_stderr(const char* tag, uint32_t level, uint32_t item, const char* message,
                              uint32_t line, const char* file, void* user) {
    static const char* levels[] = { "panic", "error", "warning", "info" };
    char buf[512];
    size_t n, off;
    int tries;
    (void)line; (void)file;
    if (user && level > *(const uint32_t*)user) { return; }
    n = kinf__log_put(buf, sizeof(buf), 0, tag ? tag : "kinformer", 1);
    n = kinf__log_put(buf, sizeof(buf), n, ": ", 1);
    n = kinf__log_put(buf, sizeof(buf), n, levels[level < 4 ? level : 3], 1);
    n = kinf__log_put(buf, sizeof(buf), n, " ", 1);
    n = kinf__log_put(buf, sizeof(buf), n, kinf_log_item_name(item), 1);
    if (message && message[0]) {
        n = kinf__log_put(buf, sizeof(buf), n, ": ", 1);
        n = kinf__log_put(buf, sizeof(buf), n, message, 1);
    }
    if (n > sizeof(buf) - 1) { n = sizeof(buf) - 1; } /* it is not: the text stops at 511 */
    buf[n++] = '\n';
    /* one write for the line; after a short write or EINTR, a few more for the rest */
    for (off = 0, tries = 0; off < n && tries < 8; tries++) {
        ssize_t w = write(STDERR_FILENO, buf + off, n - off);
        if (w < 0 && errno == EINTR) { continue; }
        if (w <= 0) { break; }
        off += (size_t)w;
    }
}
#endif

KINF_API int kinf_add_handler(kinf_informer_t* inf, const kinf_handler_t* h) { return kinf_add_handler_resync(inf, h, 0); }
KINF_API int kinf_add_handler_resync(kinf_informer_t* inf, const kinf_handler_t* h, int resync_period_ms) {
    int id;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!h) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_add_handler", ": handler is NULL"); return KINF_ERR_INVAL; }
    id = inf->nhandlers;
    if (!inf->conn.in_callback) {
        /* the first free slot (one removed); inside a callback a delivery
           loop is under way, which must reach the new handler after the
           ones it has called: the end of the table */
        int i;
        for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].gone) { id = i; break; } }
    }
    if (id >= inf->max_handlers) { KINF__ERR(inf, HANDLERS_FULL, 0, 0); return KINF_ERR_NOMEM; }
    memset(&inf->handlers[id], 0, sizeof(inf->handlers[id])); /* the caller's memory: not cleared at kinf_init */
    inf->handlers[id].h = *h;
    inf->handlers[id].period = resync_period_ms;
    if (id == inf->nhandlers) { inf->nhandlers++; }
    if (inf->synced) { kinf__hd_resync_plan(inf, &inf->handlers[id], 1); } /* else at has-synced */
    {
        /* a late handler first learns every object its peers know about */
        int32_t s;
        uint8_t was = inf->conn.in_callback;
        inf->conn.in_callback = 1;
        for (s = 0; s < inf->slot_hi; s++) {
            const kinf__slot* sl = &inf->slots[s];
            kinf_object_t o;
            if (!(sl->flags & KINF__F_LIVE) || !(sl->flags & KINF__F_KNOWN)) { continue; }
            /* the table's copy: none, or a callback removed it on the way */
            if (!inf->handlers[id].h.on_add) { break; }
            /* the version its peers saw: a queued change, or the one they
               are being given (kinf__hd_dispatch), comes after */
            kinf__store_view(inf, (sl->old && ((sl->flags & KINF__F_PENDING) || s + 1 == inf->hd_slot1)) ? sl->old : sl->cur, s, &o);
            inf->handlers[id].h.on_add(inf, &o, inf->handlers[id].h.user);
        }
        inf->conn.in_callback = was;
    }
    return id;
}
KINF_API int kinf_remove_handler(kinf_informer_t* inf, int id) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (id < 0 || id >= inf->nhandlers || inf->handlers[id].gone) {
        KINF__ERR(inf, BAD_ARGUMENT, "kinf_remove_handler", ": no handler has that id");
        return KINF_ERR_INVAL;
    }
    /* no callback: a delivery loop under way passes it by */
    memset(&inf->handlers[id], 0, sizeof(inf->handlers[id]));
    inf->handlers[id].gone = 1;
    /* the free slots at the end go back (kinf_add_handler clears a slot it
       takes), but not under a delivery loop */
    while (!inf->conn.in_callback && inf->nhandlers > 0 && inf->handlers[inf->nhandlers - 1].gone) { inf->nhandlers--; }
    return KINF_OK;
}
/* either kind of index function: fn (a kinf_index_values_fn when multi) */
static int kinf__add_index(kinf_informer_t* inf, const char* call, const char* name, kinf_index_fn fn, int multi, void* user) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!fn) { KINF__ERR(inf, BAD_ARGUMENT, call, ": fn is NULL"); return KINF_ERR_INVAL; }
    if (inf->started || inf->snap_loaded) { KINF__ERR(inf, INDEX_AFTER_START, name, 0); return KINF_ERR_STATE; }
    if (inf->nidx > inf->max_indexes) { KINF__ERR(inf, INDEXES_FULL, name, 0); return KINF_ERR_NOMEM; }
    memset(kinf__ixhead(inf, inf->nidx, 0), 0xff, (size_t)(inf->ixb_mask + 1u) * 4u);
    inf->idx[inf->nidx].fn = fn;
    inf->idx[inf->nidx].user = user;
    if (multi) { inf->ix_multi |= 1u << inf->nidx; }
    kinf__strlcpy(inf->idx[inf->nidx].name, name ? name : "", sizeof(inf->idx[0].name));
    return inf->nidx++;
}
KINF_API int kinf_add_index(kinf_informer_t* inf, const char* name, kinf_index_fn fn, void* user) {
    return kinf__add_index(inf, "kinf_add_index", name, fn, 0, user);
}
KINF_API int kinf_add_index_values(kinf_informer_t* inf, const char* name, kinf_index_values_fn fn, void* user) {
    return kinf__add_index(inf, "kinf_add_index_values", name, fn ? (kinf_index_fn)(void (*)(void))fn : 0, 1, user);
}
#ifndef KINF_ENGINE_ONLY /* the built-in driver's calls */
KINF_API int kinf_timeout_ms(kinf_informer_t* inf) {
    if (!kinf__ok(inf)) { return -1; }
    if (inf->stop) { return 0; }
    return kinf__drv_timeout(&inf->conn);
}
KINF_API int kinf_fd(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->conn.sock.fd : -1; }
KINF_API unsigned kinf_wants(kinf_informer_t* inf) { return kinf__ok(inf) ? kinf__drv_wants(&inf->conn) : 0u; }
KINF_API uint32_t kinf_fd_generation(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->conn.sock_gen : 0u; }
KINF_API int kinf_poll(kinf_informer_t* inf, int timeout_ms) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (kinf__in_callback(inf, "kinf_poll")) { return KINF_ERR_STATE; }
    if (inf->conn.own_transport) { KINF__ERR(inf, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    if (inf->fatal) { inf->last_error = inf->fatal_item; return inf->fatal; } /* logged when it happened: the sticky error again */
    if (!inf->stop) { kinf__drv_poll(&inf->conn, timeout_ms); } /* stopped: no wait, no I/O */
    if (!inf->stop) { inf->conn.now = kinf_now_ms(); kinf__hd_dispatch(inf); }
    if (inf->fatal) { kinf__sock_close(&inf->conn); inf->conn.close_wanted = 0; }
    kinf__drv_tell(&inf->conn); /* the queue's room decides whether the socket is read */
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
    if (!kinf__ok(inf) || kinf__in_callback(inf, "kinf_flush")) { return 0; }
    n = (int)inf->flen;
    stop = inf->stop;
    inf->stop = 0;
    {
        int budget = inf->budget;
        inf->budget = 0;
        inf->conn.now = kinf__now(inf); /* a transport of the caller's gives the time */
        kinf__hd_dispatch(inf);
        inf->budget = budget;
    }
    inf->stop = stop;
#ifndef KINF_ENGINE_ONLY
    kinf__drv_tell(&inf->conn); /* room in the queue again: the socket is read */
#endif
    return n - (int)inf->flen;
}
KINF_API int kinf_stopped(kinf_informer_t* inf) { return inf ? inf->stop : 1; }
KINF_API void kinf_shutdown(kinf_informer_t* inf) {
    if (!kinf__ok(inf)) { return; }
#ifndef KINF_ENGINE_ONLY
    kinf__sock_close(&inf->conn);
#endif
    kinf__rf_drop(inf);
    inf->conn.close_wanted = 0;
    inf->phase = KINF__PH_IDLE;
}
KINF_API int kinf_has_synced(kinf_informer_t* inf) { return kinf__ok(inf) && inf->synced; }
KINF_API int kinf_count(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->nlive : 0; }
KINF_API int kinf_get(kinf_informer_t* inf, const char* key, kinf_object_t* out) {
    int32_t s;
    size_t kl;
    if (!kinf__ok(inf)) { return 0; }
    if (!key || !out) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_get", ": key or out is NULL"); return 0; }
    kl = strlen(key);
    s = kinf__hash_find(inf, key, kl, kinf__fnv(key, kl));
    if (s < 0 || !kinf__store_visible(inf, s)) { return 0; }
    kinf__store_view(inf, inf->slots[s].cur, s, out);
    return 1;
}
KINF_API int kinf_fresh(kinf_informer_t* inf, uint64_t max_age_ms) {
    int64_t age;
    if (!kinf__ok(inf)) { return 0; }
    age = kinf__fresh_age(inf);
    if (age >= 0 && (uint64_t)age <= max_age_ms) { return 1; }
    inf->last_error = KINF_LOGITEM_DATA_STALE; /* a refusal, not an event: no log line */
    return 0;
}
KINF_API int kinf_get_fresh(kinf_informer_t* inf, const char* key, uint64_t max_age_ms, kinf_object_t* out) {
    return kinf_fresh(inf, max_age_ms) && kinf_get(inf, key, out);
}
KINF_API int kinf_lookup(kinf_informer_t* inf, kinf_handle_t h, kinf_object_t* out) {
    uint32_t s = (h.id & ((1u << KINF__SLOT_BITS) - 1u));
    if (!kinf__ok(inf)) { return 0; }
    if (!out) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_lookup", ": out is NULL"); return 0; }
    if (s == 0 || s > (uint32_t)inf->slot_hi) { return 0; }
    s--;
    if (inf->slots[s].gen != (h.id >> KINF__SLOT_BITS) || !kinf__store_visible(inf, (int32_t)s)) { return 0; }
    kinf__store_view(inf, inf->slots[s].cur, (int32_t)s, out);
    return 1;
}
KINF_API int kinf_next(kinf_informer_t* inf, kinf_iter_t* it, kinf_object_t* out) {
    if (!kinf__ok(inf)) { return 0; }
    if (!it || !out) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_next", ": it or out is NULL"); return 0; }
    while (it->pos < (uint32_t)inf->slot_hi) {
        int32_t s = (int32_t)it->pos++;
        if (kinf__store_visible(inf, s)) { kinf__store_view(inf, inf->slots[s].cur, s, out); return 1; }
    }
    return 0;
}
KINF_API int kinf_index_next(kinf_informer_t* inf, int index, const char* value, kinf_iter_t* it, kinf_object_t* out) {
    uint32_t vh;
    if (!kinf__ok(inf)) { return 0; }
    if (!it || !out || !value) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_index_next", ": it, value or out is NULL"); return 0; }
    if (index < 0 || index >= inf->nidx) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_index_next", ": no such index"); return 0; }
    vh = index ? kinf__ix_hash(value) : kinf__fnv_str(value);
    if (it->pos == 0) { it->pos = 1; it->next = *kinf__ixhead(inf, index, vh); }
    while (it->next >= 0) {
        int32_t n = it->next, s = index ? n / inf->ixk : n;
        const kinf__ixlink* l = kinf__ixl(inf, index, n);
        it->next = l->next;
        if (index && *kinf__ixvh(inf, index, n) != vh) { continue; } /* the namespace index: by value below */
        kinf__store_view(inf, inf->slots[s].cur, s, out);
        if (kinf__index_has(inf, index, s, out, value)) { return 1; }
    }
    return 0;
}

/* the implementation's private macros end here (a white-box test that reads
   the internals defines KINF__KEEP_PRIVATE_MACROS) */
#ifndef KINF__KEEP_PRIVATE_MACROS
#undef JSMN_PARENT_LINKS
#undef JSMN_STATIC
#undef JSMN_STRICT
#undef KINF__EXEC_EARLY_MS
#undef KINF__EXEC_ENVP
#undef KINF__DC_ERR
#undef KINF__ARENA_GROW
#undef KINF__OBJ_CAP
#undef KINF__OBJ_GROW
#undef KINF__DC_INFO
#undef KINF__DC_WARN
#undef KINF__DC_WBUF
#undef KINF__DEEP_ESCAPED
#undef KINF__DISC_MAGIC
#undef KINF__CLIENT_MAGIC
#undef KINF__LEADER_MAGIC
#undef KINF__LE_LEASES
#undef KINF__LE_JITTER_TENTHS
#undef KINF__LE_LOG
#undef KINF__CERR
#undef KINF__CWARN
#undef KINF__CONN_MAGIC
#undef KINF__PROXY
#undef KINF__HALT
#undef KINF__RX_UNCLOCKED
#undef KINF__CL_HEAD
#undef KINF__CL_TOKS
#undef KINF__CL_ERR
#undef KINF__DEEP_STRING
#undef KINF__DEEP_WS
#undef KINF__ERR
#undef KINF__FACT_MAGIC
#undef KINF__FA_ERR
#undef KINF__FA_KEEP
#undef KINF__FA_NAMES
#undef KINF__FA_NO_STORE
#undef KINF__FA_STEP
#undef KINF__FA_OBJ_FLOOR
#undef KINF__FREE_OWNER
#undef KINF__NEW_OWNER
#undef KINF__FREE_MIN
#undef KINF__FIT_SCAN
#undef KINF__SL_BITS
#undef KINF__SL_N
#undef KINF__FL_N
#undef KINF__HUB_FW_HEAD
#undef KINF__HUB_LOG
#undef KINF__HUB_MAGIC
#undef KINF__HUB_MAX_LISTEN
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
#undef KINF__RECORD_HOOK
#undef KINF__REFUSE
#undef KINF__SCAN_INLINE
#undef KINF__SCAN_OVER
#undef KINF__SCAN_WHY
#undef KINF__SEL_FIELD
#undef KINF__SELFCHECK
#undef KINF__SKIP_UNCHANGED
#undef KINF__SNAP_TOUCH
#undef KINF__GZ_REDO
#undef KINF__GZ_WIN
#undef KINF__GZ_FAST
#undef KINF__SEND_FLAGS
#undef KINF__SLOT_BITS
#undef KINF__SSE2
#undef KINF__AVX2
#undef KINF__NEON
#undef KINF__STRUCT
#undef KINF__STOP64
#undef KINF__STOPMASK
#undef KINF__STEP_BYTES
#undef KINF__TLS_EE_BYTES
#undef KINF__WARN
#undef KINF__WBUF
#undef KINF__WL_INIT
#undef KINF__WQ_LOCK
#undef KINF__WQ_MAGIC
#undef KINF__WQ_MAX_CAP
#undef KINF__WQ_UNLOCK
#undef KINF__YDEPTH
#endif
#endif /* KINFORMER_IMPL_INCLUDED */
#endif /* KINFORMER_IMPLEMENTATION */
