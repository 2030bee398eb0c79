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
