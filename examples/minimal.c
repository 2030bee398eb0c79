/* minimal - the TL;DR example of kinformer.h, with the server from argv[1].
   Prints every change to pods, projected to labels, node and phase. */
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <stdio.h>

static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    (void)inf; (void)u; printf("ADDED %s %s\n", o->key, o->resource_version);
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)old; (void)u; printf("MODIFIED %s %s\n", o->key, o->resource_version);
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int unknown, void* u) {
    (void)inf; (void)u; printf("DELETED%s %s\n", unknown ? "!" : "", o->key);
}
/* too large for max_event_bytes: its identity only, never as a whole object */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)old; (void)u; printf("OVERSIZED %s %s\n", o->key, o->resource_version);
}
static unsigned char mem[4 << 20];

int main(int argc, char** argv) {
    const char* keep[] = { "metadata.labels", "spec.nodeName", "status.phase" };
    kinf_desc_t desc = { 0 };
    kinf_informer_t* inf;
    kinf_handler_t h = { on_add, on_update, on_delete, 0, on_oversized };
    desc.server = argc > 1 ? argv[1] : "http://127.0.0.1:8080";
    desc.resource = "pods";
    desc.keep = keep; desc.keep_count = 3;
    desc.max_objects = 2000; desc.store_bytes = 1 << 20;
    desc.logger.func = kinf_log_stderr;  /* what happens, one line each, on stderr */
    inf = kinf_init(mem, sizeof(mem), &desc);
    if (!inf) {                          /* mem too small or bad config: say which */
        char why[256];
        kinf_check(&desc, sizeof(mem), why, sizeof(why));
        fprintf(stderr, "minimal: %s\n", why);
        return 1;
    }
    kinf_add_handler(inf, &h);
    setvbuf(stdout, 0, _IOLBF, 0);
    return kinf_run(inf) == KINF_OK ? 0 : 1;   /* until kinf_stop() */
}
