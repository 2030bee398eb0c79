/* >>handlers  delivery from the FIFO */
/* an object kept identity-only goes to on_oversized, never to on_add or on_update */
static void kinf__hd_deliver_oversized(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b) {
    int i;
    inf->st.delivered_oversized++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].h.on_oversized && !inf->handlers[i].mute) { inf->handlers[i].h.on_oversized(inf, a, b, inf->handlers[i].h.user); } }
}
static void kinf__hd_deliver_add(kinf_informer_t* inf, const kinf_object_t* o) {
    int i;
    if (o->flags & KINF_OBJ_IDENTITY_ONLY) { kinf__hd_deliver_oversized(inf, 0, o); return; }
    inf->st.delivered_adds++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].h.on_add) { inf->handlers[i].h.on_add(inf, o, inf->handlers[i].h.user); } }
}
static void kinf__hd_deliver_update(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b) {
    int i;
    if (b->flags & KINF_OBJ_IDENTITY_ONLY) { kinf__hd_deliver_oversized(inf, a, b); return; }
    inf->st.delivered_updates++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].h.on_update && !inf->handlers[i].mute) { inf->handlers[i].h.on_update(inf, a, b, inf->handlers[i].h.user); } }
}
static void kinf__hd_deliver_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu) {
    int i;
    inf->st.delivered_deletes++;
    for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].h.on_delete) { inf->handlers[i].h.on_delete(inf, o, fsu, inf->handlers[i].h.user); } }
}
#ifndef KINF_NO_RESYNC
/* a handler's resync period: its own, the informer's, or none (0) */
static uint64_t kinf__hd_period(const kinf_informer_t* inf, const kinf__hslot* hs) {
    return hs->period > 0 ? (uint64_t)hs->period : hs->period < 0 ? 0u : (uint64_t)inf->resync_ms;
}
/* with again, the handler's next resync a period from now (none without
   one); then the informer's next, the earliest of its handlers', takes it */
static void kinf__hd_resync_plan(kinf_informer_t* inf, kinf__hslot* hs, int again) {
    if (again) {
        uint64_t p = kinf__hd_period(inf, hs);
        hs->next_resync = p ? inf->conn.now + p : 0u;
    }
    if (hs->next_resync && (!inf->next_resync || hs->next_resync < inf->next_resync)) { inf->next_resync = hs->next_resync; }
}
/* on_update(o, o) for each object delivered and with no change queued, to
   the handlers whose resync is due (the others muted for the round); then
   their next ones. It runs outside dispatch_budget. A handler added by
   these callbacks is in the round for the objects after; one removed is
   passed by. */
static void kinf__hd_resync(kinf_informer_t* inf) {
    int32_t s;
    int i, due = 0;
    for (i = 0; i < inf->nhandlers; i++) {
        kinf__hslot* hs = &inf->handlers[i];
        hs->mute = !hs->next_resync || inf->conn.now < hs->next_resync;
        due |= !hs->mute;
    }
    for (s = 0; due && s < inf->slot_hi && !inf->stop; s++) {
        kinf__slot* sl = &inf->slots[s];
        if (kinf__store_visible(inf, s) && (sl->flags & KINF__F_KNOWN) && !(sl->flags & KINF__F_PENDING)) {
            kinf_object_t o;
            kinf__store_view(inf, sl->cur, s, &o);
            kinf__hd_deliver_update(inf, &o, &o);
        }
    }
    inf->st.resyncs += (unsigned)due; /* none: the one due was removed */
    inf->next_resync = 0;
    for (i = 0; i < inf->nhandlers; i++) {
        kinf__hslot* hs = &inf->handlers[i];
        kinf__hd_resync_plan(inf, hs, !hs->mute);
        hs->mute = 0;
    }
}
#else
static void kinf__hd_resync_plan(kinf_informer_t* inf, kinf__hslot* hs, int again) { (void)inf; (void)hs; (void)again; } /* next_resync stays 0 */
static void kinf__hd_resync(kinf_informer_t* inf) { (void)inf; }
#endif
static void kinf__hd_dispatch(kinf_informer_t* inf) {
    int budget = inf->budget > 0 ? inf->budget : 0x7fffffff;
    inf->conn.in_callback = 1;
    while (budget-- > 0 && !inf->stop) {
        int32_t s = kinf__fifo_pop(inf);
        kinf__slot* sl;
        kinf_object_t a, b;
        if (s < 0) { break; }
        sl = &inf->slots[s];
        /* a handler added by these callbacks is given the object as the
           others had it (old while there is one; none while it is not
           KNOWN, set after its add), then the change (kinf_add_handler) */
        inf->hd_slot1 = s + 1;
        if (sl->flags & KINF__F_RECREATED) {
            kinf__store_view(inf, sl->old, s, &a);
            kinf__hd_deliver_delete(inf, &a, (sl->flags & KINF__F_FSU_OLD) != 0);
            kinf__ver_drop(inf, s, sl->old, 1); sl->old = 0;
            sl->flags &= (uint8_t)~(KINF__F_RECREATED | KINF__F_FSU_OLD | KINF__F_KNOWN);
        }
        kinf__store_view(inf, sl->cur, s, &b);
        if (sl->flags & KINF__F_DELETED) {
            if (!(sl->flags & KINF__F_KNOWN)) { kinf__hd_deliver_add(inf, &b); sl->flags |= KINF__F_KNOWN; }
            kinf__hd_deliver_delete(inf, &b, (sl->flags & KINF__F_FSU) != 0);
            kinf__slot_free(inf, s);
        } else if (!(sl->flags & KINF__F_KNOWN)) {
            kinf__hd_deliver_add(inf, &b);
            sl->flags |= KINF__F_KNOWN;
        } else if (KINF__SKIP_UNCHANGED(inf) && sl->old && kinf__store_same(inf, sl->old, sl->cur)) {
            /* changes that came back to what the handlers had */
            inf->st.skipped_unchanged++;
            kinf__arena_free(inf, sl->old); sl->old = 0;
        } else {
            if (sl->old) { kinf__store_view(inf, sl->old, s, &a); } else { a = b; }
            kinf__hd_deliver_update(inf, &a, &b);
            if (sl->old) { kinf__ver_drop(inf, s, sl->old, 1); sl->old = 0; }
        }
        KINF__SELFCHECK(inf); /* hd_slot1 stays: a slot not PENDING has no old version once delivered */
        if (inf->sync_wait && inf->sync_pops_left) { inf->sync_pops_left--; }
    }
    if (inf->sync_wait && inf->sync_pops_left == 0) {
        int i;
        inf->sync_wait = 0;
        inf->synced = 1;
        KINF__INFO(inf, SYNCED, 0, 0);
        for (i = 0; i < inf->nhandlers; i++) { kinf__hd_resync_plan(inf, &inf->handlers[i], 1); }
    }
    if (inf->synced && inf->next_resync && !inf->stop && inf->conn.now >= inf->next_resync) { kinf__hd_resync(inf); }
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
