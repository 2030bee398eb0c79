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
