/* libFuzzer target: kubeconfig files.

   Input: the whole input is a kubeconfig file. It is written to a memfd
   (created once) and read back by kinf_config_kubeconfig through
   /proc/self/fd/N, with:
     - a 64 KiB work buffer, context NULL (current-context) and "fuzz";
     - a tight work buffer of (file size + a few bytes, from a hash of the
       input), so the base64 *-data and the token land at its very end.
   Work buffers are malloc'd with exactly their size, and the stack is painted
   non-zero before each call (an unterminated stack string then overflows). On success the config
   must be sane (strings terminated, data pointers inside the work buffer);
   then kinf_config_apply fills a descriptor and kinf_init runs on it (its
   server URL and PEM data come from the file; file paths are dropped so
   nothing else is read).
   Also kinf__yaml_walk on the input directly, with a visitor that checks
   every key and value it is given lies inside the input, and decodes each
   with kinf__ystr into small buffers; when it stops, the line and column it
   names are inside the input. */
#define _GNU_SOURCE
#define KINF_TLS_BEARSSL
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <stdio.h>
#include <sys/mman.h>

#define FAIL(...) do { fprintf(stderr, "\nFUZZ INVARIANT FAILED: "); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)

static int g_fd = -1;

/* Fills the stack below us with non-zero bytes, so a string the code under
   test leaves unterminated in a stack buffer runs into ASan's redzone instead
   of a lucky zero (ASan does not see reads of uninitialized bytes). */
__attribute__((noinline)) static void paint_stack(void) {
    volatile char buf[48 * 1024];
    memset((char*)buf, 0x5a, sizeof(buf));
    __asm__ __volatile__("" : : "r"(buf) : "memory");
}
static char g_path[64];

typedef struct yv { const char* b; size_t n; unsigned calls; } yv;

static void in_input(const yv* y, const char* p, size_t n, const char* what) {
    if (!p) { if (n) { FAIL("%s: NULL with length %zu", what, n); } return; }
    if (p < y->b || p > y->b + y->n || n > (size_t)(y->b + y->n - p)) {
        FAIL("%s: [%ld, +%zu) is outside the %zu-byte input", what, (long)(p - y->b), n, y->n);
    }
}
static void ystr_check(const char* p, size_t n, int style) {
    char out[24], big[600];
    long a = kinf__ystr(p, n, style, out, sizeof(out));
    long b = kinf__ystr(p, n, style, big, sizeof(big));
    if (a >= (long)sizeof(out) || b >= (long)sizeof(big)) { FAIL("kinf__ystr length past its cap"); }
    if (a >= 0 && (out[a] != 0)) { FAIL("kinf__ystr result not terminated"); }
    if (b >= 0 && (big[b] != 0)) { FAIL("kinf__ystr result not terminated"); }
    if (a >= 0 && (b != a || memcmp(out, big, (size_t)a))) { FAIL("kinf__ystr differs with the cap"); }
}
static void visit(void* u, const kinf__yseg* path, int n, const kinf__yval* v) {
    yv* y = (yv*)u;
    int i;
    y->calls++;
    if (n < 1 || n > KINF__YDEPTH) { FAIL("yaml_walk: path of %d segments", n); }
    for (i = 0; i < n; i++) {
        if (path[i].idx < -1) { FAIL("yaml_walk: index %d", path[i].idx); }
        if (path[i].idx < 0 && path[i].k) {
            in_input(y, path[i].k, path[i].kl, "yaml_walk key");
            ystr_check(path[i].k, path[i].kl, path[i].style);
        }
    }
    if (v->type < KINF__Y_SCALAR || v->type > KINF__Y_SEQ) { FAIL("yaml_walk: value type %d", v->type); }
    in_input(y, v->p, v->n, "yaml_walk value");
    if (v->p && v->type == KINF__Y_SCALAR) { ystr_check(v->p, v->n, v->style); }
}

static void check_cfg(const kinf_config_t* c, int rc, const unsigned char* work, size_t wsize) {
    const char* strs[] = { c->server, c->namespace_, c->token_file, c->ca_file, c->client_cert_file, c->client_key_file,
                           c->tls_server_name, c->source, c->context, c->error_detail };
    size_t caps[] = { sizeof(c->server), sizeof(c->namespace_), sizeof(c->token_file), sizeof(c->ca_file),
                      sizeof(c->client_cert_file), sizeof(c->client_key_file), sizeof(c->tls_server_name),
                      sizeof(c->source), sizeof(c->context), sizeof(c->error_detail) };
    size_t i;
    for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
        if (!memchr(strs[i], 0, caps[i])) { FAIL("config string %zu is not terminated", i); }
    }
    if (rc != KINF_OK) {
        if (rc != KINF_ERR_INVAL && rc != KINF_ERR_NOMEM) { FAIL("kinf_config_kubeconfig returned %d", rc); }
        if (c->error == 0 || c->error >= KINF_LOGITEM_COUNT) { FAIL("failed with error item %u", c->error); }
        return;
    }
    if (c->error) { FAIL("success with error item %u", c->error); }
    if (!c->server[0]) { FAIL("success without a server"); }
#define INWORK(p, n, what) do { const unsigned char* q_ = (const unsigned char*)(p); \
        if (q_ && (q_ < work || q_ > work + wsize || (size_t)(n) > (size_t)(work + wsize - q_))) { FAIL("%s outside the work buffer", what); } } while (0)
    INWORK(c->ca_data, c->ca_len, "ca_data");
    INWORK(c->client_cert_data, c->client_cert_len, "client_cert_data");
    INWORK(c->client_key_data, c->client_key_len, "client_key_data");
    if (c->token) {
        const char* t = c->token;
        INWORK(t, 1, "token");
        if (!memchr(t, 0, (size_t)(work + wsize - (const unsigned char*)t))) { FAIL("token not terminated inside the work buffer"); }
    }
}

static void init_from(const kinf_config_t* c) {
    kinf_desc_t d;
    kinf_config_t cc = *c;
    size_t need;
    void* mem;
    /* only what the file holds: no other file is read */
    cc.token_file[0] = 0; cc.ca_file[0] = 0; cc.client_cert_file[0] = 0; cc.client_key_file[0] = 0;
    memset(&d, 0, sizeof(d));
    d.resource = "pods";
    d.max_objects = 4; d.store_bytes = 4096; d.max_event_bytes = 4096; d.max_tokens = 64;
    d.random_seed = 1;
    kinf_config_apply(&cc, &d);
    if (d.namespace_ == 0 && cc.namespace_[0]) { d.namespace_ = cc.namespace_; }
    need = kinf_informer_size(&d);
    mem = malloc(need);
    if (kinf_init(mem, need, &d)) { /* nothing to close: no I/O yet */ }
    free(mem);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static kinf_config_t cfg;
    unsigned char* work;
    size_t tight;
    int rc;
    char* copy;
    yv y;
    kinf__yerr yerr;
    if (g_fd < 0) {
        g_fd = memfd_create("kubeconfig", 0);
        if (g_fd < 0) { perror("memfd_create"); abort(); }
        snprintf(g_path, sizeof(g_path), "/proc/self/fd/%d", g_fd);
    }
    if (ftruncate(g_fd, 0) != 0 || (size && pwrite(g_fd, data, size, 0) != (ssize_t)size)) { perror("memfd write"); abort(); }

    /* the walker alone, on exactly the input */
    copy = (char*)malloc(size ? size : 1);
    if (size) { memcpy(copy, data, size); }
    y.b = copy; y.n = size; y.calls = 0;
    memset(&yerr, 0, sizeof(yerr));
    rc = kinf__yaml_walk(copy, size, visit, &y, &yerr);
    if (rc < 0) { FAIL("yaml_walk returned %d", rc); }
    if (rc > 0) { /* the place it names is in the input: line rc, column 1 to the line's length + 1 */
        size_t i, ls = 0;
        int line = 1;
        if (yerr.line != rc || !yerr.why) { FAIL("yaml_walk: line %d but error line %d, reason %s", rc, yerr.line, yerr.why ? yerr.why : "NULL"); }
        for (i = 0; i < size && line < rc; i++) { if (copy[i] == '\n') { line++; ls = i + 1; } }
        if (line != rc) { FAIL("yaml_walk: line %d of a %d-line input", rc, line); }
        for (i = ls; i < size && copy[i] != '\n'; i++) { }
        if (yerr.col < 1 || (size_t)yerr.col > i - ls + 1) { FAIL("yaml_walk: column %d of a %zu-byte line %d", yerr.col, i - ls, rc); }
    }
    free(copy);

    work = (unsigned char*)malloc(64 * 1024);
    paint_stack();
    rc = kinf_config_kubeconfig(&cfg, g_path, 0, work, 64 * 1024);
    check_cfg(&cfg, rc, work, 64 * 1024);
    if (rc == KINF_OK) { init_from(&cfg); }
    paint_stack();
    rc = kinf_config_kubeconfig(&cfg, g_path, "fuzz", work, 64 * 1024);
    check_cfg(&cfg, rc, work, 64 * 1024);
    free(work);

    tight = size + kinf__fnv((const char*)data, size) % 300u;
    if (tight == 0) { tight = 1; }
    work = (unsigned char*)malloc(tight);
    paint_stack();
    rc = kinf_config_kubeconfig(&cfg, g_path, 0, work, tight);
    check_cfg(&cfg, rc, work, tight);
    free(work);
    return 0;
}
