/* >>handlers  delivery from the FIFO */
/* an object kept identity-only goes to on_oversized, never to on_add or on_update */
static void kinf__hd_deliver_oversized(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b) {
    int i;
    inf->st.delivered_oversized++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].on_oversized) { inf->handlers[i].on_oversized(inf, a, b, inf->handlers[i].user); } }
}
static void kinf__hd_deliver_add(kinf_informer_t* inf, const kinf_object_t* o) {
    int i;
    if (o->flags & KINF_OBJ_IDENTITY_ONLY) { kinf__hd_deliver_oversized(inf, 0, o); return; }
    inf->st.delivered_adds++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].on_add) { inf->handlers[i].on_add(inf, o, inf->handlers[i].user); } }
}
static void kinf__hd_deliver_update(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b) {
    int i;
    if (b->flags & KINF_OBJ_IDENTITY_ONLY) { kinf__hd_deliver_oversized(inf, a, b); return; }
    inf->st.delivered_updates++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].on_update) { inf->handlers[i].on_update(inf, a, b, inf->handlers[i].user); } }
}
static void kinf__hd_deliver_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu) {
    int i;
    inf->st.delivered_deletes++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].on_delete) { inf->handlers[i].on_delete(inf, o, fsu, inf->handlers[i].user); } }
}
static void kinf__hd_dispatch(kinf_informer_t* inf) {
    int budget = inf->budget > 0 ? inf->budget : 0x7fffffff;
    inf->conn.in_callback = 1;
    while (budget-- > 0 && !inf->stop) {
        int32_t s = kinf__fifo_pop(inf);
        kinf__slot* sl;
        kinf_object_t a, b;
        if (s < 0) { break; }
        sl = &inf->slots[s];
        if (sl->flags & KINF__F_RECREATED) {
            kinf__store_view(inf, sl->old, s, &a);
            kinf__hd_deliver_delete(inf, &a, (sl->flags & KINF__F_FSU_OLD) != 0);
            kinf__ver_drop(inf, s, sl->old, 1); sl->old = 0;
            sl->flags &= (uint8_t)~(KINF__F_RECREATED | KINF__F_FSU_OLD | KINF__F_KNOWN);
        }
        kinf__store_view(inf, sl->cur, s, &b);
        if (sl->flags & KINF__F_DELETED) {
            if (!(sl->flags & KINF__F_KNOWN)) { kinf__hd_deliver_add(inf, &b); }
            kinf__hd_deliver_delete(inf, &b, (sl->flags & KINF__F_FSU) != 0);
            kinf__slot_free(inf, s);
        } else if (!(sl->flags & KINF__F_KNOWN)) {
            sl->flags |= KINF__F_KNOWN;
            kinf__hd_deliver_add(inf, &b);
        } else if (KINF__SKIP_UNCHANGED(inf) && sl->old && kinf__store_same(inf, sl->old, sl->cur)) {
            /* changes that came back to what the handlers had */
            inf->st.skipped_unchanged++;
            kinf__arena_free(inf, sl->old); sl->old = 0;
        } else {
            if (sl->old) { kinf__store_view(inf, sl->old, s, &a); } else { a = b; }
            kinf__hd_deliver_update(inf, &a, &b);
            if (sl->old) { kinf__ver_drop(inf, s, sl->old, 1); sl->old = 0; }
        }
        KINF__SELFCHECK(inf);
        if (inf->sync_wait && inf->sync_pops_left) { inf->sync_pops_left--; }
    }
    if (inf->sync_wait && inf->sync_pops_left == 0) {
        inf->sync_wait = 0;
        inf->synced = 1;
        KINF__INFO(inf, SYNCED, 0, 0);
        if (inf->resync_ms) { inf->next_resync = inf->conn.now + (uint64_t)inf->resync_ms; }
    }
    if (inf->synced && inf->resync_ms && !inf->stop && inf->conn.now >= inf->next_resync) {
        int32_t s;
        for (s = 0; s < inf->slot_hi; s++) {
            kinf__slot* sl = &inf->slots[s];
            if (kinf__store_visible(inf, s) && (sl->flags & KINF__F_KNOWN) && !(sl->flags & KINF__F_PENDING)) {
                kinf_object_t o;
                kinf__store_view(inf, sl->cur, s, &o);
                kinf__hd_deliver_update(inf, &o, &o);
            }
        }
        inf->st.resyncs++;
        inf->next_resync = inf->conn.now + (uint64_t)inf->resync_ms;
    }
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
