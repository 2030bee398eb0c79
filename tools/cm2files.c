/* cm2files - a controller built the client-go way on kinformer: it keeps
   DIR/<configmap>/<key> equal to the data (and binaryData, decoded) of every
   selected ConfigMap of one namespace. Handlers put keys on the workqueue; a
   worker reads the lister and reconciles; a failed write goes back with the
   rate limiter. docs/controller.md walks through it. `cm2files --help`. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#define TOOL_NAME "cm2files"
#include "opts.h"
#include "tool.h"
#include "conn.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static const char* usage_head =
    "usage: cm2files -n NS [-l SELECTOR] --dir DIR [options]\n"
    "Keeps DIR/<configmap>/<key> equal to the data and binaryData (base64-decoded) of every\n"
    "ConfigMap of namespace NS that the selector picks. Files are written atomically\n"
    "(temporary file, fsync, rename, fsync of the directory); the files of removed keys\n"
    "and the directories of removed ConfigMaps are removed. It removes only what it\n"
    "wrote: each directory it manages lists its files in DIR/<configmap>/" "+cm2files" ".\n"
    "\n";
static const char* usage_tail =
    "\n"
    "A failed write is logged and retried with the workqueue's rate limiter (5 ms doubling,\n"
    "at most --max-delay). A ConfigMap too large to keep (--max-object-bytes) is left alone:\n"
    "its files are neither written nor removed. SIGINT and SIGTERM stop it cleanly.\n"
    "Exit status: 0 success, 1 failure (also: the server never reached), 2 usage error.\n";

#define CM_MANIFEST "+cm2files"   /* '+' is in no ConfigMap key or name: it never collides */
#define CM_TMP "+tmp-"
#define CM_RES "configmaps"

static kinf_workqueue_t* g_q;
static const char* g_dir;
static int g_max_delay_s = 60;
static char* g_val;               /* one key's value, decoded */
static size_t g_val_cap;
static char* g_cmp;               /* the file as it is, to compare */
static char g_man[1 << 16];       /* the manifest as read: one key a line */
static size_t g_man_len;
static char g_want[1 << 16];      /* the keys the ConfigMap has now */
static size_t g_want_len;
static uint64_t g_writes, g_removes, g_failures, g_skipped;

static const opt_t opts[] = {
    TOOL_SELECT_OPTS,
    CONN_OPTS(CONN_TLS_TIME_HELP_1),
    TOOL_VERBOSE_OPT,
    { "--dir", 0, OPT_STR, OPT_VAR(g_dir), "  --dir DIR              where the files go (must exist)\n" },
    TOOL_TIMEOUT_OPT,
    { "--max-delay", 0, OPT_INT, OPT_VAR(g_max_delay_s),
      "  --max-delay SECONDS    the longest wait before a failed ConfigMap is tried again (default 60)\n" },
    TOOL_CAPACITY_OPTS(OPT_INT, OPT_SIZE, "\n"
      "                         (defaults 4096 ConfigMaps, 1 MiB each, 16 MiB in all)\n"),
    TOOL_STATS_OPT(" to stderr\n"),
    OPT_HELP_ROW,
};

/* ---- handlers: only the key goes on the queue */
static void enqueue(const kinf_object_t* o) {
    if (kinf_workqueue_add(g_q, CM_RES, o->key) != KINF_OK) {
        /* full: the key is still the informer's; the resync brings it back */
        fprintf(stderr, "cm2files: warning WORKQUEUE_FULL: %s waits for the next resync\n", o->key);
    }
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) { (void)inf; (void)u; enqueue(o); }
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) { (void)inf; (void)old; (void)u; enqueue(o); }
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) { (void)inf; (void)fsu; (void)u; enqueue(o); }
/* too large to keep: its data is not in the cache, so nothing is decided on
   it (the worker skips an identity-only object too) */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)old; (void)u;
    fprintf(stderr, "cm2files: warning OVERSIZED: %s is larger than --max-object-bytes; its files are left as they are\n", o->key);
}

/* ---- files */
/* a key or name that is one plain path component */
static int safe_name(const char* s) {
    size_t n = strlen(s), k;
    if (n == 0 || n > 253 || !strcmp(s, ".") || !strcmp(s, "..")) { return 0; }
    for (k = 0; k < n; k++) {
        char c = s[k];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.')) { return 0; }
    }
    return 1;
}
static int path_of(char* out, size_t cap, const char* cm, const char* file) {
    int n = file ? snprintf(out, cap, "%s/%s/%s", g_dir, cm, file) : snprintf(out, cap, "%s/%s", g_dir, cm);
    return n > 0 && (size_t)n < cap;
}
static int fsync_dir(const char* path) {
    int fd = open(path, O_RDONLY), r;
    if (fd < 0) { return -1; }
    r = fsync(fd);
    close(fd);
    return r;
}
/* the whole file into buf; its length, or -1 when it is not there or larger than cap */
static long read_file(const char* path, char* buf, size_t cap) {
    int fd = open(path, O_RDONLY);
    size_t n = 0;
    if (fd < 0) { return -1; }
    for (;;) {
        ssize_t r;
        if (n == cap) { char c; r = read(fd, &c, 1); close(fd); return r == 0 ? (long)n : -1; }
        r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR) { continue; }
        if (r <= 0) { close(fd); return r < 0 ? -1 : (long)n; }
        n += (size_t)r;
    }
}
/* file = data, atomically: a temporary file in the same directory, written
   and fsynced, renamed over the file, and the directory fsynced */
static int write_atomic(const char* cm, const char* file, const char* data, size_t n) {
    char tmp[4096], dst[4096], dir[4096];
    char tname[300];
    size_t off = 0;
    int fd;
    snprintf(tname, sizeof tname, CM_TMP "%s", file);
    if (!path_of(tmp, sizeof tmp, cm, tname) || !path_of(dst, sizeof dst, cm, file) || !path_of(dir, sizeof dir, cm, 0)) { errno = ENAMETOOLONG; return -1; }
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) { return -1; }
    while (off < n) {
        ssize_t w = write(fd, data + off, n - off);
        if (w < 0 && errno == EINTR) { continue; }
        if (w <= 0) { int e = errno; close(fd); unlink(tmp); errno = e ? e : EIO; return -1; }
        off += (size_t)w;
    }
    if (fsync(fd) != 0 || close(fd) != 0) { int e = errno; unlink(tmp); errno = e; return -1; }
    if (rename(tmp, dst) != 0) { int e = errno; unlink(tmp); errno = e; return -1; }
    return fsync_dir(dir);
}
/* is key a line of the list? */
static int in_list(const char* list, size_t len, const char* key) {
    size_t kl = strlen(key);
    const char* p = list;
    const char* e = list + len;
    while (p < e) {
        const char* nl = memchr(p, '\n', (size_t)(e - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(e - p);
        if (l == kl && !memcmp(p, key, kl)) { return 1; }
        p += l + 1;
    }
    return 0;
}
static int add_line(char* list, size_t* len, size_t cap, const char* key) {
    size_t kl = strlen(key);
    if (*len + kl + 1 > cap) { return -1; }
    memcpy(list + *len, key, kl); list[*len + kl] = '\n';
    *len += kl + 1;
    return 0;
}
/* base64 (standard alphabet, padded) in place; the decoded length, or -1 */
static long b64_decode(char* s, size_t n) {
    size_t i, o = 0;
    uint32_t acc = 0;
    int bits = 0, pad = 0;
    for (i = 0; i < n; i++) {
        char c = s[i];
        int v;
        if (c >= 'A' && c <= 'Z') { v = c - 'A'; } else if (c >= 'a' && c <= 'z') { v = c - 'a' + 26; }
        else if (c >= '0' && c <= '9') { v = c - '0' + 52; } else if (c == '+') { v = 62; } else if (c == '/') { v = 63; }
        else if (c == '=') { pad++; continue; } else { return -1; }
        if (pad) { return -1; } /* data after padding */
        acc = (acc << 6) | (uint32_t)v; bits += 6;
        if (bits >= 8) { bits -= 8; s[o++] = (char)((acc >> bits) & 0xffu); }
    }
    if (pad > 2 || (n % 4) != 0) { return -1; }
    return (long)o;
}

/* ---- reconcile */
typedef enum { RC_OK, RC_RETRY, RC_SKIP } rc_t;
static rc_t fail(const char* key, const char* what, const char* file) {
    g_failures++;
    fprintf(stderr, "cm2files: error WRITE_FAILED: %s: %s %s: %s\n", key, what, file ? file : "", strerror(errno));
    return RC_RETRY;
}
/* the manifest of DIR/cm into g_man; 0 when there is none (not ours) */
static int read_manifest(const char* cm) {
    char path[4096];
    long n;
    g_man_len = 0;
    if (!path_of(path, sizeof path, cm, CM_MANIFEST)) { return 0; }
    n = read_file(path, g_man, sizeof g_man);
    if (n < 0) { return 0; }
    g_man_len = (size_t)n;
    return 1;
}
/* removes what the manifest lists that want does not; then the manifest is want */
static rc_t prune(const char* key, const char* cm, int remove_dir) {
    const char* p = g_man;
    const char* e = g_man + g_man_len;
    char path[4096], name[300];
    while (p < e) {
        const char* nl = memchr(p, '\n', (size_t)(e - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(e - p);
        if (l && l < sizeof name) {
            memcpy(name, p, l); name[l] = 0;
            if (safe_name(name) && !in_list(g_want, g_want_len, name)) {
                if (path_of(path, sizeof path, cm, name) && unlink(path) != 0 && errno != ENOENT) { return fail(key, "remove", name); }
                g_removes++;
            }
        }
        p += l + 1;
    }
    if (remove_dir) {
        if (path_of(path, sizeof path, cm, CM_MANIFEST) && unlink(path) != 0 && errno != ENOENT) { return fail(key, "remove", CM_MANIFEST); }
        /* a directory holding files of someone else's stays */
        if (path_of(path, sizeof path, cm, 0) && rmdir(path) != 0 && errno != ENOENT) {
            fprintf(stderr, "cm2files: warning KEPT_DIR: %s: %s holds files cm2files did not write; left there\n", key, path);
        }
        fsync_dir(g_dir);
        return RC_OK;
    }
    if (g_man_len != g_want_len || memcmp(g_man, g_want, g_man_len)) {
        if (write_atomic(cm, CM_MANIFEST, g_want, g_want_len) != 0) { return fail(key, "write", CM_MANIFEST); }
    }
    return RC_OK;
}
/* one member's value into g_val (binaryData decoded); its length, or -1 */
static long value_of(const kinf_value_t* v, int binary) {
    size_t n;
    if (v->type != KINF_VSTRING) { return -1; }
    n = kinf_value_str(v, g_val, g_val_cap);
    if (n >= g_val_cap) { return -1; }
    return binary ? b64_decode(g_val, n) : (long)n;
}
static rc_t reconcile(const char* key) {
    kinf_object_t o;
    const char* cm = strchr(key, '/') ? strchr(key, '/') + 1 : key;
    char path[4096], name[300];
    int pass, have;
    if (!safe_name(cm)) { fprintf(stderr, "cm2files: error BAD_NAME: %s\n", key); return RC_SKIP; }
    have = read_manifest(cm);
    g_want_len = 0;
    if (!kinf_get(g_inf, key, &o)) {
        /* gone (deleted, or no longer selected): remove what we wrote */
        if (!have) { return RC_OK; }
        return prune(key, cm, 1);
    }
    if (o.flags & KINF_OBJ_IDENTITY_ONLY) { g_skipped++; return RC_SKIP; } /* data not in the cache: decide nothing */
    /* the keys it has now; then the manifest covers old and new before any file is written */
    for (pass = 0; pass < 2; pass++) {
        kinf_members_t it;
        kinf_value_t k;
        kinf_members(&o, pass ? "binaryData" : "data", &it);
        while (kinf_member_next(&it, &k, 0)) {
            if (kinf_value_str(&k, name, sizeof name) >= sizeof name || !safe_name(name)) {
                fprintf(stderr, "cm2files: error BAD_KEY: %s: a key that is not a file name; skipped\n", key);
                continue;
            }
            if (!in_list(g_want, g_want_len, name) && add_line(g_want, &g_want_len, sizeof g_want, name) != 0) {
                fprintf(stderr, "cm2files: error TOO_MANY_KEYS: %s: the key list is over %zu bytes\n", key, sizeof g_want);
                return RC_SKIP;
            }
        }
    }
    if (!path_of(path, sizeof path, cm, 0)) { errno = ENAMETOOLONG; return fail(key, "mkdir", 0); }
    if (mkdir(path, 0755) != 0 && errno != EEXIST) { return fail(key, "mkdir", path); }
    if (!have) {
        struct stat st;
        /* a directory that is there without our manifest is someone else's,
           unless it is empty */
        DIR* dd = opendir(path);
        struct dirent* de;
        int others = 0;
        if (!dd) { return fail(key, "open", path); }
        while ((de = readdir(dd)) != 0) { if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) { others = 1; break; } }
        closedir(dd);
        if (others || stat(path, &st) != 0) {
            fprintf(stderr, "cm2files: error NOT_OURS: %s: %s is there and was not written by cm2files; left alone\n", key, path);
            return RC_SKIP;
        }
        fsync_dir(g_dir);
    }
    {
        /* the manifest first: every file that may exist after this pass is listed */
        char all[sizeof g_man + sizeof g_want];
        size_t n = g_man_len;
        const char* p = g_want;
        const char* e = g_want + g_want_len;
        memcpy(all, g_man, g_man_len);
        while (p < e) {
            const char* nl = memchr(p, '\n', (size_t)(e - p));
            size_t l = (size_t)(nl - p);
            memcpy(name, p, l); name[l] = 0;
            if (!in_list(g_man, g_man_len, name)) { memcpy(all + n, p, l + 1); n += l + 1; }
            p = nl + 1;
        }
        if (n != g_man_len || !have) {
            if (write_atomic(cm, CM_MANIFEST, all, n) != 0) { return fail(key, "write", CM_MANIFEST); }
        }
    }
    for (pass = 0; pass < 2; pass++) {
        kinf_members_t it;
        kinf_value_t k, v;
        kinf_members(&o, pass ? "binaryData" : "data", &it);
        while (kinf_member_next(&it, &k, &v)) {
            long n, cur;
            if (kinf_value_str(&k, name, sizeof name) >= sizeof name || !safe_name(name)) { continue; }
            n = value_of(&v, pass);
            if (n < 0) { fprintf(stderr, "cm2files: error BAD_VALUE: %s: %s is not a string%s; skipped\n", key, name, pass ? " of base64" : ""); continue; }
            if (!path_of(path, sizeof path, cm, name)) { continue; }
            cur = read_file(path, g_cmp, g_val_cap);
            if (cur == n && !memcmp(g_cmp, g_val, (size_t)n)) { continue; } /* as it is already */
            if (write_atomic(cm, name, g_val, (size_t)n) != 0) { return fail(key, "write", name); }
            g_writes++;
        }
    }
    have = read_manifest(cm);
    return prune(key, cm, 0);
}
/* after the first sync: directories of ours whose ConfigMap went while we were away */
static void enqueue_orphans(const char* ns) {
    DIR* d = opendir(g_dir);
    struct dirent* de;
    if (!d) { return; }
    while ((de = readdir(d)) != 0) {
        kinf_object_t o;
        char key[600];
        if (!safe_name(de->d_name) || !read_manifest(de->d_name)) { continue; }
        snprintf(key, sizeof key, "%s/%s", ns, de->d_name); /* the lister's key */
        if (!kinf_get(g_inf, key, &o)) { kinf_workqueue_add(g_q, CM_RES, key); }
    }
    closedir(d);
}

int main(int argc, char** argv) {
    kinf_desc_t d;
    kinf_workqueue_desc_t qd;
    kinf_handler_t h;
    opts_t cmd;
    void* work = 0;
    void* qmem = 0;
    int npos, rc, synced = 0;
    size_t size;
    double t0;
    struct stat st;
    memset(&cmd, 0, sizeof cmd);
    cmd.rows = opts; cmd.count = sizeof(opts) / sizeof(opts[0]);
    cmd.head = usage_head; cmd.tail = usage_tail;
    memset(&d, 0, sizeof d);
    d.max_objects = 4096;
    d.max_event_bytes = 1u << 20;
    d.store_bytes = 16u << 20;
    rc = opts_parse(&cmd, argc, argv, &d, &npos);
    if (rc >= 0) { return rc; }
    if (!d.namespace_ || !d.namespace_[0]) { return opts_usage_error("-n NS is required", 0); }
    if (!g_dir) { return opts_usage_error("--dir DIR is required", 0); }
    if (stat(g_dir, &st) != 0 || !S_ISDIR(st.st_mode)) { return opts_usage_error("--dir is not a directory", g_dir); }
    if (conn_config(&d, &work) != TOOL_EXIT_OK) { free(work); return TOOL_EXIT_FAIL; }
    d.logger.func = tool_logger;
    d.resource = CM_RES; d.tag = "configmaps";
    g_val_cap = d.max_event_bytes + 1;
    g_val = (char*)malloc(g_val_cap); g_cmp = (char*)malloc(g_val_cap);
    memset(&qd, 0, sizeof qd);
    qd.capacity = d.max_objects;
    qd.max_delay_ms = g_max_delay_s * 1000;
    qd.item_bytes = 384; /* "configmaps" and any namespace/name */
    qd.logger.func = tool_logger;
    size = kinf_workqueue_size(&qd);
    qmem = malloc(size);
    if (!g_val || !g_cmp || !qmem || !(g_q = kinf_workqueue_init(qmem, size, &qd))) { rc = TOOL_EXIT_FAIL; goto out; }
    if (!tool_init_informer(&d)) { rc = TOOL_EXIT_FAIL; goto out; }
    memset(&h, 0, sizeof h);
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete; h.on_oversized = on_oversized;
    kinf_add_handler(g_inf, &h);
    tool_install_signals(0);
    rc = TOOL_EXIT_OK;
    t0 = tool_now_s();
    while (!kinf_stopped(g_inf)) {
        kinf_workqueue_item_t it;
        uint64_t now = kinf_workqueue_now_ms();
        int wait = 200, w = kinf_workqueue_timeout_ms(g_q, now), n;
        if (w >= 0 && w < wait) { wait = w; }
        if ((wait = tool_wait(t0, wait)) < 0) { break; }
        if (kinf_poll(g_inf, wait) != KINF_OK) { rc = TOOL_EXIT_FAIL; break; }
        if (tool_refused(kinf_has_synced(g_inf))) { rc = TOOL_EXIT_FAIL; break; }
        if (!kinf_has_synced(g_inf)) { continue; } /* reconcile against a whole cache only */
        if (!synced) {
            synced = 1;
            if (g_verbose) { fprintf(stderr, "cm2files: info SYNCED: %d ConfigMaps\n", kinf_count(g_inf)); }
            enqueue_orphans(d.namespace_);
        }
        /* the worker: a bounded batch per turn, so the informer keeps reading */
        for (n = 0; n < 256 && kinf_workqueue_get(g_q, kinf_workqueue_now_ms(), &it) == KINF_WQ_ITEM; n++) {
            rc_t r = reconcile(it.key);
            if (r == RC_RETRY) {
                kinf_workqueue_add_rate_limited(g_q, it.resource, it.key, kinf_workqueue_now_ms());
                fprintf(stderr, "cm2files: info RETRY: %s, attempt %d\n", it.key, it.requeues + 1);
            } else {
                kinf_workqueue_forget(g_q, it.resource, it.key);
            }
            kinf_workqueue_done(g_q, it.resource, it.key, kinf_workqueue_now_ms());
        }
    }
    if (g_stats) {
        kinf_workqueue_stats_t qs = kinf_workqueue_stats(g_q, kinf_workqueue_now_ms());
        fprintf(stderr, "# stats cm2files writes=%llu removes=%llu failures=%llu skipped=%llu queue depth=%d retries=%llu\n",
                (unsigned long long)g_writes, (unsigned long long)g_removes, (unsigned long long)g_failures,
                (unsigned long long)g_skipped, qs.depth, (unsigned long long)qs.retries);
    }
    if (rc == TOOL_EXIT_OK && kinf_stats(g_inf).bytes_read == 0) { fprintf(stderr, "cm2files: never reached the server\n"); rc = TOOL_EXIT_FAIL; }
    kinf_workqueue_shut_down(g_q);
out:
    tool_shutdown();
    if (g_q) { kinf_workqueue_destroy(g_q); }
    free(qmem); free(work); free(g_val); free(g_cmp);
    return rc;
}
