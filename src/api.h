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
