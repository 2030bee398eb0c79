/* cm2files - a controller built the client-go way on kinformer: it keeps
   DIR/<configmap>/<key> equal to the data (and binaryData, decoded) of every
   selected ConfigMap of one namespace. Handlers put keys on the workqueue; a
   worker reads the lister and reconciles; a failed write goes back with the
   rate limiter. docs/controller.md walks through it. `cm2files --help`. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#define TOOL_NAME "cm2files"
#define TOOL_CAPACITY_FLAGS /* --max-objects, --max-object-bytes, --store-bytes: errors name them */
#include "opts.h"
#include "tool.h"
#include "conn.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* The layout of DIR/<name>/: a regular file per key, and CM_OWN, cm2files'
   own directory, whose name no key can have (the kubelet keeps its ..data
   the same way): the list of the keys written, and the file being written.
   The version before kept its list in CM_OLD_LIST and wrote CM_OLD_TMP<key>
   among the keys; a directory so written is cm2files' too, and is moved to
   the new layout the first time its ConfigMap is reconciled. */
#define CM_OWN "..cm2files"
#define CM_KEYS CM_OWN "/keys"
#define CM_TMP CM_OWN "/tmp"
#define CM_OLD_LIST "+cm2files"
#define CM_OLD_TMP "+tmp-"

static const char* usage_head =
    "usage: cm2files -n NS [-l SELECTOR] --dir DIR [options]\n"
    "Keeps DIR/<configmap>/<key> equal to the data and binaryData (base64-decoded) of every\n"
    "ConfigMap of namespace NS that the selector picks. Files are written atomically\n"
    "(temporary file, fsync, rename, fsync of the directory); the files of removed keys\n"
    "and the directories of removed ConfigMaps are removed. It removes only what it\n"
    "wrote: each directory it manages lists its files in DIR/<configmap>/" CM_KEYS ",\n"
    "a name no ConfigMap key can have; nothing else of cm2files' is among the files.\n"
    "\n";
static const char* usage_tail =
    "\n"
    "A failed write is logged and retried with the workqueue's rate limiter (5 ms doubling,\n"
    "at most --max-delay); the ConfigMap's other keys are written meanwhile. A ConfigMap too\n"
    "large to keep (--max-object-bytes) is left alone: its files are neither written nor\n"
    "removed. A key the API server would refuse (not [-._a-zA-Z0-9]+, longer than 253, . or ..\n"
    "or starting with ..) gets no file, and an object of another namespace is not written:\n"
    "both are logged as errors. SIGINT and SIGTERM stop it cleanly.\n"
    "Exit status: 0 success, 1 failure (also: the server never reached), 2 usage error.\n";

#define CM_RES "configmaps"
#define CM_KEY_MAX 253            /* the API server's longest ConfigMap key */
/* The list of one ConfigMap's keys, a newline after each: room for 1 MiB
   of keys (all a ConfigMap holds) of one byte each. An object cm2files
   keeps is at most --max-object-bytes, 1 MiB by default, and its keys take
   less than that. The list on disk is read and written with this one
   bound: every list written can be read back. */
#define CM_LIST_MAX (2u << 20)

static kinf_workqueue_t* g_q;
static const char* g_dir;
static const char* g_ns;
static int g_max_delay_s = 60;
static char* g_val;               /* one key's value, decoded */
static size_t g_val_cap;
static char* g_cmp;               /* the file as it is, to compare */
static uint8_t* g_ok;             /* per member of data, then binaryData: 1 when it gets a file */
static size_t g_ok_cap;
static int g_old;                 /* the directory has the old version's list, CM_OLD_LIST */
static int g_has_list;            /* the directory has CM_KEYS */
static uint64_t g_writes, g_removes, g_failures, g_skipped, g_refused;

static const opt_t opts[] = {
    /* DIR/<configmap> names one namespace's ConfigMaps: -n is required */
    TOOL_NAMESPACE_OPT("  -n, --namespace NS     the namespace whose ConfigMaps are written (required)\n"),
    TOOL_SELECTOR_OPTS,
    CONN_OPTS(CONN_TLS_TIME_HELP_1),
    TOOL_VERBOSE_OPT,
    { "--dir", 0, OPT_STR, OPT_VAR(g_dir), "  --dir DIR              where the files go (must exist)\n" },
    TOOL_TIMEOUT_OPT,
    { "--max-delay", 0, OPT_INT, OPT_VAR(g_max_delay_s),
      "  --max-delay SECONDS    the longest wait before a failed ConfigMap is tried again (default 60)\n" },
    TOOL_CAPACITY_OPTS(OPT_INT, OPT_SIZE, "\n"
      "                         (defaults 4096 ConfigMaps, 1 MiB each, 16 MiB in all)\n"),
    TOOL_NO_SKIP_UNCHANGED_OPT(
      "  --no-skip-unchanged    reconcile a ConfigMap at every update, even one that changes only its\n"
      "                         metadata.resourceVersion or managedFields (by default such an update is not queued)\n"),
    TOOL_SKIP_UNCHANGED_OPT("  --skip-unchanged       the default: an update that changes nothing is not reconciled\n")
    TOOL_STATS_OPT(" to stderr\n"),
    OPT_HELP_ROW,
};

/* ---- names: what the API server allows is what is written */
/* why s (n bytes) cannot be a ConfigMap key, or 0 when it can: the API
   server's rule, [-._a-zA-Z0-9]+, at most 253 bytes, not "." or ".." and not
   starting with ".." (so no key is CM_OWN, and every key is one file name,
   shorter than NAME_MAX) */
static const char* key_problem(const char* s, size_t n) {
    size_t k;
    if (n == 0) { return "is empty"; }
    if (n > CM_KEY_MAX) { return "is longer than 253 characters"; }
    for (k = 0; k < n; k++) {
        char c = s[k];
        if (c == 0) { return "holds a NUL"; }
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.')) {
            return "holds a character other than [-._a-zA-Z0-9]";
        }
    }
    if (n <= 2 && s[0] == '.' && s[n - 1] == '.') { return "is . or .."; }
    if (n > 2 && s[0] == '.' && s[1] == '.') { return "starts with .."; }
    return 0;
}
static int key_ok(const char* s) { return key_problem(s, strlen(s)) == 0; }
/* a string value unescaped into buf (NUL-terminated); its length, which may
   be >= cap (then buf holds the start) and may hold a NUL */
static size_t text_of(const kinf_value_t* v, char* buf, size_t cap) {
    if (v->type != KINF_VSTRING) { buf[0] = 0; return 0; }
    return kinf_value_str(v, buf, cap);
}
/* s (n bytes, at most cap-1 of them in s) for a log line: bytes outside
   printable ASCII, quotes and backslashes as \xNN, cut after 64 */
static const char* shown(const char* s, size_t n, size_t cap, char* out, size_t out_cap) {
    size_t i, o = 0, have = n < cap ? n : cap - 1;
    for (i = 0; i < have && i < 64 && o + 8 < out_cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') { o += (size_t)snprintf(out + o, out_cap - o, "\\x%02x", c); }
        else { out[o++] = (char)c; }
    }
    if (i < n) { out[o++] = '.'; out[o++] = '.'; out[o++] = '.'; }
    out[o] = 0;
    return out;
}

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

/* ---- lists of keys: "key\n" lines, and a hash set of them for lookups */
typedef struct keys_t {
    char* buf;
    size_t len, cap;
    uint32_t* slot;               /* open addressing: a line's offset + 1, 0 free */
    size_t nslot, mask;           /* allocated; in use (a power of two less one) */
} keys_t;
static keys_t g_want;             /* the keys the ConfigMap has now (then the files that would not go) */
static keys_t g_list;             /* the list on disk, as read */

static uint32_t hash_of(const char* s, size_t n) {
    uint32_t h = 2166136261u;     /* FNV-1a */
    while (n--) { h = (h ^ (uint8_t)*s++) * 16777619u; }
    return h;
}
/* an empty set, room in it for n keys (the lines stay); 0 when out of memory */
static int keys_reset(keys_t* k, size_t n) {
    size_t want = 16;
    while (want < 2 * n) { want *= 2; }
    if (want > k->nslot) {
        uint32_t* s = (uint32_t*)realloc(k->slot, want * sizeof(*s));
        if (!s) { return 0; }
        k->slot = s; k->nslot = want;
    }
    memset(k->slot, 0, want * sizeof(*k->slot));
    k->mask = want - 1;
    return 1;
}
static int keys_has(const keys_t* k, const char* s, size_t n) {
    size_t i = hash_of(s, n) & k->mask;
    for (; k->slot[i]; i = (i + 1) & k->mask) {
        const char* l = k->buf + k->slot[i] - 1;
        if (l + n < k->buf + k->len && l[n] == '\n' && !memcmp(l, s, n)) { return 1; }
    }
    return 0;
}
/* the line at off (n bytes) into the set, unless it is there: 1 added, 0 there */
static int keys_index(keys_t* k, size_t off, size_t n) {
    size_t i = hash_of(k->buf + off, n) & k->mask;
    if (keys_has(k, k->buf + off, n)) { return 0; }
    while (k->slot[i]) { i = (i + 1) & k->mask; } /* a free slot: the set is at most half full */
    k->slot[i] = (uint32_t)off + 1;
    return 1;
}
/* appends the line s (n bytes); with index, to the set too unless it is
   there. 1 added, 0 there already, -1 no room */
static int keys_add(keys_t* k, const char* s, size_t n, int index) {
    if (index && keys_has(k, s, n)) { return 0; }
    if (k->len + n + 1 > k->cap) { return -1; }
    memcpy(k->buf + k->len, s, n);
    k->buf[k->len + n] = '\n';
    k->len += n + 1;
    if (index) { keys_index(k, k->len - n - 1, n); }
    return 1;
}
/* the next line of k from *pos into name (NUL-terminated); 0 at the end.
   A line too long for name comes back empty: no key has it. */
static int keys_next(const keys_t* k, size_t* pos, char* name, size_t cap) {
    const char* p = k->buf + *pos;
    const char* nl;
    size_t l;
    if (*pos >= k->len) { return 0; }
    nl = (const char*)memchr(p, '\n', k->len - *pos);
    l = nl ? (size_t)(nl - p) : k->len - *pos;
    *pos += l + 1;
    if (l >= cap) { l = 0; }
    memcpy(name, p, l); name[l] = 0;
    return 1;
}

/* ---- files */

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
static int fsync_cm(const char* cm, const char* sub) {
    char path[4096];
    return path_of(path, sizeof path, cm, sub) ? fsync_dir(path) : -1;
}
/* the whole file into buf; its length, or -1: errno ENOENT when it is not
   there, EFBIG when it is larger than cap */
static long read_file(const char* path, char* buf, size_t cap) {
    int fd = open(path, O_RDONLY);
    size_t n = 0;
    if (fd < 0) { return -1; }
    for (;;) {
        ssize_t r;
        if (n == cap) {
            char c;
            r = read(fd, &c, 1);
            close(fd);
            if (r == 0) { return (long)n; }
            if (r > 0) { errno = EFBIG; }
            return -1;
        }
        r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR) { continue; }
        if (r <= 0) { int e = errno; close(fd); errno = e; return r < 0 ? -1 : (long)n; }
        n += (size_t)r;
    }
}
/* file = data, atomically: CM_TMP written and fsynced, renamed over the file
   (a reader sees the old content or the new), and with sync the file's
   directory fsynced. CM_TMP is one short name whatever the key: any key
   fits NAME_MAX, and so does the temporary file. */
static int write_atomic(const char* cm, const char* file, const char* data, size_t n, int sync) {
    char tmp[4096], dst[4096];
    size_t off = 0;
    int fd;
    if (!path_of(tmp, sizeof tmp, cm, CM_TMP) || !path_of(dst, sizeof dst, cm, file)) { errno = ENAMETOOLONG; return -1; }
    unlink(tmp);                  /* left by a crash; O_EXCL then follows no link someone put there */
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) { return -1; }
    while (off < n) {
        ssize_t w = write(fd, data + off, n - off);
        if (w < 0 && errno == EINTR) { continue; }
        if (w <= 0) { int e = errno; close(fd); unlink(tmp); errno = e ? e : EIO; return -1; }
        off += (size_t)w;
    }
    if (fsync(fd) != 0 || close(fd) != 0) { int e = errno; unlink(tmp); errno = e; return -1; }
    if (rename(tmp, dst) != 0) { int e = errno; unlink(tmp); errno = e; return -1; }
    if (sync) { *strrchr(dst, '/') = 0; return fsync_dir(dst); }
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
/* Is DIR/cm cm2files'? Its list into g_list (empty when there is none).
   1 ours (CM_OWN is a directory, or the old list is there), 0 not, -1 the
   list cannot be read (errno says why). */
static int read_list(const char* cm) {
    char path[4096];
    struct stat st;
    long n = -1;
    size_t lines = 0;
    const char* p;
    const char* nl;
    int own;
    g_has_list = 0;
    g_old = path_of(path, sizeof path, cm, CM_OLD_LIST) && lstat(path, &st) == 0 && S_ISREG(st.st_mode);
    own = path_of(path, sizeof path, cm, CM_OWN) && lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
    if (own && path_of(path, sizeof path, cm, CM_KEYS)) {
        n = read_file(path, g_list.buf, g_list.cap - 1);
        if (n < 0 && errno != ENOENT) { return -1; }
        g_has_list = n >= 0;
    }
    /* the old list, unless the new one replaced it (a crash can leave both) */
    if (n < 0 && g_old && path_of(path, sizeof path, cm, CM_OLD_LIST)) {
        n = read_file(path, g_list.buf, g_list.cap - 1);
        if (n < 0) { return -1; }
    }
    g_list.len = n > 0 ? (size_t)n : 0;
    if (g_list.len && g_list.buf[g_list.len - 1] != '\n') { g_list.buf[g_list.len++] = '\n'; } /* cap left room */
    for (p = g_list.buf; (p = (const char*)memchr(p, '\n', (size_t)(g_list.buf + g_list.len - p))) != 0; p++) { lines++; }
    if (!keys_reset(&g_list, lines)) { errno = ENOMEM; return -1; }
    for (p = g_list.buf; p < g_list.buf + g_list.len; p = nl + 1) {
        nl = (const char*)memchr(p, '\n', (size_t)(g_list.buf + g_list.len - p));
        keys_index(&g_list, (size_t)(p - g_list.buf), (size_t)(nl - p));
    }
    return own || g_old;
}
/* the old version's list and temporary files, once the new list is there */
static void remove_old(const char* cm) {
    char path[4096];
    DIR* d;
    struct dirent* de;
    if (!g_old || !path_of(path, sizeof path, cm, 0) || !(d = opendir(path))) { return; }
    while ((de = readdir(d)) != 0) {
        if (!strncmp(de->d_name, CM_OLD_TMP, strlen(CM_OLD_TMP)) && path_of(path, sizeof path, cm, de->d_name)) { unlink(path); }
    }
    closedir(d);
    if (path_of(path, sizeof path, cm, CM_OLD_LIST)) { unlink(path); }
    g_old = 0;
}
/* the ConfigMap is gone: the files its list names, the list, CM_OWN, then
   the directory if nothing else is in it */
static rc_t remove_all(const char* key, const char* cm) {
    char path[4096], name[CM_KEY_MAX + 2];
    size_t pos = 0;
    int failed = 0;
    while (keys_next(&g_list, &pos, name, sizeof name)) {
        if (!key_ok(name) || !path_of(path, sizeof path, cm, name)) { continue; }
        if (unlink(path) == 0) { g_removes++; }
        else if (errno != ENOENT) { fail(key, "remove", name); failed = 1; }
    }
    if (failed) { return RC_RETRY; } /* the list stays: it names what is left */
    fsync_cm(cm, 0);
    remove_old(cm);
    if (path_of(path, sizeof path, cm, CM_TMP)) { unlink(path); }
    if (path_of(path, sizeof path, cm, CM_KEYS) && unlink(path) != 0 && errno != ENOENT) { return fail(key, "remove", CM_KEYS); }
    if (path_of(path, sizeof path, cm, CM_OWN) && rmdir(path) != 0 && errno != ENOENT) {
        fprintf(stderr, "cm2files: warning KEPT_DIR: %s: %s holds files cm2files did not write; left there\n", key, path);
    }
    /* a directory holding files of someone else's stays */
    if (path_of(path, sizeof path, cm, 0) && rmdir(path) != 0 && errno != ENOENT) {
        fprintf(stderr, "cm2files: warning KEPT_DIR: %s: %s holds files cm2files did not write; left there\n", key, path);
    }
    fsync_dir(g_dir);
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
/* The keys of data, then binaryData, that get a file into g_want, and
   g_ok[i] = 1 for the members they come from. A key the API server would
   refuse is refused here with an error, and so is a key given twice (the
   first is kept): the other keys are written. 0, or -1 when the list does
   not fit (TOO_MANY_KEYS). */
static int collect(const kinf_object_t* o, const char* key) {
    size_t count = 0, i = 0;
    int pass;
    for (pass = 0; pass < 2; pass++) {
        kinf_members_t it;
        kinf_members(o, pass ? "binaryData" : "data", &it);
        while (kinf_member_next(&it, 0, 0)) { count++; }
    }
    if (count > g_ok_cap) {
        uint8_t* p = (uint8_t*)realloc(g_ok, count);
        if (!p) { errno = ENOMEM; return -1; }
        g_ok = p; g_ok_cap = count;
    }
    if (!keys_reset(&g_want, count)) { errno = ENOMEM; return -1; }
    g_want.len = 0;
    for (pass = 0; pass < 2; pass++) {
        kinf_members_t it;
        kinf_value_t k;
        kinf_members(o, pass ? "binaryData" : "data", &it);
        while (kinf_member_next(&it, &k, 0)) {
            char name[CM_KEY_MAX + 2], show[300];
            size_t n = text_of(&k, name, sizeof name);
            /* a name the API server would refuse: no file, since the
               directory is what the application reads */
            const char* why = key_problem(name, n < sizeof name ? n : sizeof name);
            int r = why ? 0 : keys_add(&g_want, name, n, 1);
            if (r < 0) {
                fprintf(stderr, "cm2files: error TOO_MANY_KEYS: %s: the key list is over %u bytes; nothing written\n", key, CM_LIST_MAX);
                errno = EFBIG;
                return -1;
            }
            if (why) {
                g_refused++;
                fprintf(stderr, "cm2files: error BAD_KEY: %s: the key \"%s\" %s: refused, no file for it (the other keys are written)\n",
                        key, shown(name, n, sizeof name, show, sizeof show), why);
            } else if (r == 0) {
                g_refused++;
                fprintf(stderr, "cm2files: error BAD_KEY: %s: the key \"%s\" is given twice (data and binaryData): the first is written, the second refused\n",
                        key, name);
            }
            g_ok[i++] = (uint8_t)(r > 0);
        }
    }
    return 0;
}
/* the files of keys the list names and the ConfigMap no longer has; those
   that will not go are added to g_want, to stay listed. *failed set on a
   failure; returns 1 when a file went, -1 when g_want could not take one
   that stays. */
static int prune(const char* key, const char* cm, int* failed) {
    char path[4096], name[CM_KEY_MAX + 2];
    size_t pos = 0;
    int removed = 0, full = 0;
    while (keys_next(&g_list, &pos, name, sizeof name)) {
        size_t n = strlen(name);
        if (key_problem(name, n) || keys_has(&g_want, name, n) || !path_of(path, sizeof path, cm, name)) { continue; }
        if (unlink(path) == 0) { g_removes++; removed = 1; continue; }
        if (errno == ENOENT) { continue; }
        fail(key, "remove", name);
        *failed = 1;
        if (keys_add(&g_want, name, n, 0) < 0) { full = 1; }
    }
    return full ? -1 : removed;
}
static rc_t reconcile(const char* key) {
    kinf_object_t o;
    const char* slash = strchr(key, '/');
    const char* cm = slash ? slash + 1 : "";
    char path[4096], name[CM_KEY_MAX + 2];
    struct stat st;
    int pass, own, failed = 0, listed_only = 0, written = 0, r;
    size_t i = 0;
    /* the informer refuses another namespace's objects (OBJECT_OUT_OF_SCOPE);
       DIR/<name> names one namespace's, so nothing else is written either */
    if (!slash || (size_t)(slash - key) != strlen(g_ns) || memcmp(key, g_ns, strlen(g_ns))) {
        g_refused++;
        fprintf(stderr, "cm2files: error FOREIGN_OBJECT: %s: an object of another namespace than %s (-n); refused, nothing written\n", key, g_ns);
        return RC_SKIP;
    }
    if (!key_ok(cm)) {
        char show[300];
        g_refused++;
        fprintf(stderr, "cm2files: error BAD_NAME: %s: not one plain file name; nothing written\n", shown(key, strlen(key), strlen(key) + 1, show, sizeof show));
        return RC_SKIP;
    }
    own = read_list(cm);
    if (own < 0) {
        if (errno != EFBIG) { return fail(key, "read", CM_KEYS); }
        fprintf(stderr, "cm2files: error BAD_LIST: %s: its list of keys is over %u bytes, not one cm2files wrote; left alone\n", key, CM_LIST_MAX);
        return RC_SKIP;
    }
    if (!kinf_get(g_inf, key, &o)) {
        /* gone (deleted, or no longer selected): remove what we wrote */
        return own ? remove_all(key, cm) : RC_OK;
    }
    if (o.flags & KINF_OBJ_IDENTITY_ONLY) { g_skipped++; return RC_SKIP; } /* data not in the cache: decide nothing */
    if (collect(&o, key) != 0) { return errno == EFBIG ? RC_SKIP : fail(key, "list", 0); }
    if (!path_of(path, sizeof path, cm, 0)) { errno = ENAMETOOLONG; return fail(key, "mkdir", 0); }
    if (mkdir(path, 0755) != 0 && errno != EEXIST) { return fail(key, "mkdir", path); }
    if (!own) {
        /* a directory that is there without a list of ours is someone
           else's, unless it is empty */
        DIR* dd = opendir(path);
        struct dirent* de;
        int others = 0;
        if (!dd) { return fail(key, "open", path); }
        while ((de = readdir(dd)) != 0) { if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) { others = 1; break; } }
        closedir(dd);
        if (others) {
            fprintf(stderr, "cm2files: error NOT_OURS: %s: %s is there and was not written by cm2files; left alone\n", key, path);
            return RC_SKIP;
        }
        fsync_dir(g_dir);
    }
    if (!path_of(path, sizeof path, cm, CM_OWN)) { errno = ENAMETOOLONG; return fail(key, "mkdir", CM_OWN); }
    if (mkdir(path, 0755) == 0) { fsync_cm(cm, 0); }
    else if (errno != EEXIST) { return fail(key, "mkdir", path); }
    else if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode)) { errno = ENOTDIR; return fail(key, "mkdir", path); } /* not a link to elsewhere */
    /* Keys removed first: their files go while the list still names them.
       Then the list is the keys the ConfigMap has, before any of their
       files is written: a crash never leaves a file of ours unlisted. */
    r = prune(key, cm, &failed);
    if (r != 0) { fsync_cm(cm, 0); }
    /* no room to list what would not go beside the new keys: the list stays
       and only the keys it names are written, until the removal works */
    listed_only = r < 0;
    if (!listed_only && (!g_has_list || g_want.len != g_list.len || memcmp(g_want.buf, g_list.buf, g_want.len))) {
        if (write_atomic(cm, CM_KEYS, g_want.buf, g_want.len, 1) != 0) { return fail(key, "write", CM_KEYS); }
    }
    if (!listed_only) { remove_old(cm); }
    for (pass = 0; pass < 2; pass++) {
        kinf_members_t it;
        kinf_value_t k, v;
        kinf_members(&o, pass ? "binaryData" : "data", &it);
        while (kinf_member_next(&it, &k, &v)) {
            long n, cur;
            if (!g_ok[i++]) { continue; }
            text_of(&k, name, sizeof name); /* one of collect's keys: it fits */
            if (listed_only && !keys_has(&g_list, name, strlen(name))) { failed = 1; continue; }
            n = value_of(&v, pass);
            if (n < 0) {
                g_refused++;
                fprintf(stderr, "cm2files: error BAD_VALUE: %s: %s is not a string%s; skipped\n", key, name, pass ? " of base64" : "");
                continue;
            }
            if (!path_of(path, sizeof path, cm, name)) { errno = ENAMETOOLONG; fail(key, "write", name); failed = 1; continue; }
            cur = read_file(path, g_cmp, g_val_cap);
            if (cur == n && !memcmp(g_cmp, g_val, (size_t)n)) { continue; } /* as it is already */
            /* one key that fails does not stop the others; the key comes back */
            if (write_atomic(cm, name, g_val, (size_t)n, 0) != 0) { fail(key, "write", name); failed = 1; continue; }
            g_writes++;
            written = 1;
        }
    }
    if (written) { fsync_cm(cm, 0); }
    return failed ? RC_RETRY : RC_OK;
}
/* after the first sync: directories of ours whose ConfigMap went while we were away */
static void enqueue_orphans(void) {
    DIR* d = opendir(g_dir);
    struct dirent* de;
    if (!d) { return; }
    while ((de = readdir(d)) != 0) {
        kinf_object_t o;
        char key[600], path[4096];
        struct stat st;
        int own;
        if (!key_ok(de->d_name)) { continue; }
        own = (path_of(path, sizeof path, de->d_name, CM_OWN) && lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) ||
              (path_of(path, sizeof path, de->d_name, CM_OLD_LIST) && lstat(path, &st) == 0 && S_ISREG(st.st_mode));
        if (!own) { continue; }
        snprintf(key, sizeof key, "%s/%s", g_ns, de->d_name); /* the lister's key */
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
    d.skip_unchanged = 1;
    rc = opts_parse(&cmd, argc, argv, &d, &npos);
    if (rc >= 0) { return rc; }
    if (!d.namespace_ || !d.namespace_[0]) { return opts_usage_error("-n NS is required", 0); }
    if (!g_dir) { return opts_usage_error("--dir DIR is required", 0); }
    if (stat(g_dir, &st) != 0 || !S_ISDIR(st.st_mode)) { return opts_usage_error("--dir is not a directory", g_dir); }
    if (conn_config(&d, &work) != TOOL_EXIT_OK) { free(work); return TOOL_EXIT_FAIL; }
    d.logger.func = tool_logger;
    d.resource = CM_RES; d.tag = "configmaps";
    g_ns = d.namespace_;
    g_val_cap = d.max_event_bytes + 1;
    g_val = (char*)malloc(g_val_cap); g_cmp = (char*)malloc(g_val_cap);
    g_want.cap = CM_LIST_MAX; g_want.buf = (char*)malloc(g_want.cap);
    g_list.cap = CM_LIST_MAX + 1; g_list.buf = (char*)malloc(g_list.cap); /* + the newline a cut list lacks */
    memset(&qd, 0, sizeof qd);
    qd.capacity = d.max_objects;
    qd.max_delay_ms = g_max_delay_s * 1000;
    qd.item_bytes = 384; /* "configmaps" and any namespace/name */
    qd.logger.func = tool_logger;
    size = kinf_workqueue_size(&qd);
    qmem = malloc(size);
    if (!g_val || !g_cmp || !g_want.buf || !g_list.buf || !qmem || !(g_q = kinf_workqueue_init(qmem, size, &qd))) { rc = TOOL_EXIT_FAIL; goto out; }
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
            enqueue_orphans();
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
        fprintf(stderr, "# stats cm2files writes=%llu removes=%llu failures=%llu skipped=%llu queue depth=%d retries=%llu refused=%llu skipped_unchanged=%llu\n",
                (unsigned long long)g_writes, (unsigned long long)g_removes, (unsigned long long)g_failures,
                (unsigned long long)g_skipped, qs.depth, (unsigned long long)qs.retries, (unsigned long long)g_refused,
                (unsigned long long)kinf_stats(g_inf).skipped_unchanged);
    }
    if (rc == TOOL_EXIT_OK && kinf_stats(g_inf).bytes_read == 0) { fprintf(stderr, "cm2files: never reached the server\n"); rc = TOOL_EXIT_FAIL; }
    kinf_workqueue_shut_down(g_q);
out:
    tool_shutdown();
    if (g_q) { kinf_workqueue_destroy(g_q); }
    free(qmem); free(work); free(g_val); free(g_cmp);
    free(g_want.buf); free(g_want.slot); free(g_list.buf); free(g_list.slot); free(g_ok);
    return rc;
}
