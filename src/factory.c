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

