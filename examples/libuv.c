/* libuv - an informer in a libuv event loop (Debian libuv1-dev; make builds
   it as build/libuv when libuv is installed).

       build/libuv URL [RESOURCE]     (RESOURCE: pods by default)

   It prints a line per change ("ADDED ns/name RV"); on SIGINT or SIGTERM it
   prints what the cache holds ("# cache N objects", then "key RV" by key),
   how many sockets the informer opened and closed, and exits 0.

   The trap it avoids: a reconnect closes the informer's socket and opens
   another inside one kinf_poll, and the new one often gets the same number.
   A uv_poll_t made for the old descriptor would wait on a socket that is
   gone, and the informer would hear nothing until its idle timeout (90 s).
   desc.on_socket tells the loop each socket as it is opened (ADDED), what
   it waits for (CHANGED) and before it is closed (REMOVED): each socket
   gets a uv_poll_t of its own. A uv_timer_t waits for kinf_timeout_ms. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <stdio.h>
#include <stdlib.h>
#include <uv.h>

static unsigned char g_mem[KINF_INFORMER_BYTES_FOR(max_objects, 20000, store_bytes, 16 << 20)];
static kinf_informer_t* g_inf;
static uv_loop_t* g_loop;
static uv_timer_t g_timer;
static uv_signal_t g_sigint, g_sigterm;
/* a uv_poll_t per socket: closing one takes a loop iteration (uv_close),
   so the next socket gets a free one of these */
typedef struct { uv_poll_t h; int busy; } watch_t;
static watch_t g_watch[4];
static watch_t* g_cur;
static unsigned long g_added, g_removed;

static void print(const char* type, const kinf_object_t* o) { printf("%s %s %s\n", type, o->key, o->resource_version); fflush(stdout); }
static void on_add(kinf_informer_t* i, const kinf_object_t* o, void* u) { (void)i; (void)u; print("ADDED", o); }
static void on_update(kinf_informer_t* i, const kinf_object_t* old, const kinf_object_t* o, void* u) { (void)i; (void)old; (void)u; print("MODIFIED", o); }
static void on_delete(kinf_informer_t* i, const kinf_object_t* o, int unknown, void* u) { (void)i; (void)u; print(unknown ? "DELETED!" : "DELETED", o); }

static void step(void);
static void on_io(uv_poll_t* h, int status, int events) { (void)h; (void)status; (void)events; step(); }
static void on_timer(uv_timer_t* t) { (void)t; step(); }
static void on_closed(uv_handle_t* h) { ((watch_t*)h->data)->busy = 0; }
/* desc.on_socket: the loop's registration follows the informer's socket */
static void on_socket(kinf_engine_t* e, int fd, int event, unsigned wants, void* user) {
    int i, ev = ((wants & KINF_WANT_READ) ? UV_READABLE : 0) | ((wants & KINF_WANT_WRITE) ? UV_WRITABLE : 0);
    (void)e; (void)user;
    if (event == KINF_SOCKET_ADDED) {
        for (i = 0; i < 4 && g_watch[i].busy; i++) { }
        if (i == 4 || uv_poll_init(g_loop, &g_watch[i].h, fd) != 0) { fprintf(stderr, "libuv: no watcher for fd %d\n", fd); abort(); }
        g_cur = &g_watch[i]; g_cur->busy = 1; g_cur->h.data = g_cur;
        g_added++;
    }
    if (!g_cur) { return; }
    if (event == KINF_SOCKET_REMOVED) { /* before the close: stop waiting on it, then let it go */
        uv_poll_stop(&g_cur->h);
        uv_close((uv_handle_t*)&g_cur->h, on_closed);
        g_cur = 0; g_removed++;
    } else if (ev) {
        uv_poll_start(&g_cur->h, ev, on_io);
    } else {
        uv_poll_stop(&g_cur->h);
    }
}
/* one step of the informer, then the timer for its next deadline */
static void step(void) {
    int t;
    if (kinf_poll(g_inf, 0) != KINF_OK) { uv_stop(g_loop); return; } /* a fatal configuration error (logged) */
    t = kinf_timeout_ms(g_inf);
    uv_timer_stop(&g_timer);
    if (t >= 0) { uv_timer_start(&g_timer, on_timer, (uint64_t)t, 0); }
}
static int cmp_key(const void* a, const void* b) { return strcmp(((const kinf_object_t*)a)->key, ((const kinf_object_t*)b)->key); }
static void on_signal(uv_signal_t* s, int sig) {
    int n = kinf_count(g_inf), k = 0, i;
    kinf_object_t* all = (kinf_object_t*)calloc((size_t)n + 1, sizeof(kinf_object_t));
    kinf_iter_t it = { 0 };
    (void)s; (void)sig;
    kinf_flush(g_inf); /* what the cache holds reaches the handlers first */
    while (all && k < n && kinf_next(g_inf, &it, &all[k])) { k++; }
    if (all) { qsort(all, (size_t)k, sizeof(all[0]), cmp_key); }
    printf("# cache %d objects\n", k);
    for (i = 0; i < k; i++) { printf("%s %s\n", all[i].key, all[i].resource_version); }
    free(all);
    kinf_shutdown(g_inf); /* the last REMOVED */
    printf("# sockets %lu added %lu removed\n", g_added, g_removed);
    fflush(stdout);
    uv_stop(g_loop);
}

int main(int argc, char** argv) {
    static const uint32_t warnings = KINF_LOG_WARN; /* kinf_log_stderr: errors and warnings */
    kinf_desc_t d = { 0 };
    kinf_handler_t h = { on_add, on_update, on_delete, 0, 0 };
    char why[256];
    if (argc < 2) { fprintf(stderr, "usage: libuv URL [RESOURCE]\n"); return 2; }
    d.server = argv[1];
    d.resource = argc > 2 ? argv[2] : "pods";
    d.max_objects = 20000; d.store_bytes = 16 << 20;
    d.logger.func = kinf_log_stderr; d.logger.user = (void*)&warnings;
    d.on_socket.func = on_socket;
    g_inf = kinf_init(g_mem, sizeof(g_mem), &d);
    if (!g_inf) { kinf_check(&d, sizeof(g_mem), why, sizeof(why)); fprintf(stderr, "libuv: %s\n", why); return 1; }
    kinf_add_handler(g_inf, &h);
    g_loop = uv_default_loop();
    uv_timer_init(g_loop, &g_timer);
    uv_signal_init(g_loop, &g_sigint); uv_signal_start(&g_sigint, on_signal, SIGINT);
    uv_signal_init(g_loop, &g_sigterm); uv_signal_start(&g_sigterm, on_signal, SIGTERM);
    uv_timer_start(&g_timer, on_timer, 0, 0); /* the first step at once: it opens the socket */
    uv_run(g_loop, UV_RUN_DEFAULT);
    return 0;
}
