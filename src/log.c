/* >>log  log items: the messages and names from one X-macro, the text a
   logger gets, and why a set-up call refused */
/* The messages and the names: each set is one struct of char arrays, one
   array per item, sized to its text, with a table of 16-bit offsets into it,
   so that no table of pointers needs relocating when the program loads and no
   string literal is longer than the 4095 bytes C99 promises. */
#ifndef KINF_NO_LOG_STRINGS
#define KINF_LOGITEM_XMACRO(item, msg) char kinf__m_##item[sizeof(msg)];
typedef struct kinf__log_msgs_t { KINF_LOG_ITEMS } kinf__log_msgs_t;
#undef KINF_LOGITEM_XMACRO
#define KINF_LOGITEM_XMACRO(item, msg) msg,
static const kinf__log_msgs_t kinf__log_msgs = { KINF_LOG_ITEMS };
#undef KINF_LOGITEM_XMACRO
#define KINF_LOGITEM_XMACRO(item, msg) (uint16_t)offsetof(kinf__log_msgs_t, kinf__m_##item),
static const uint16_t kinf__log_msg_at[] = { KINF_LOG_ITEMS };
#undef KINF_LOGITEM_XMACRO
typedef char kinf__log_msg_at_fits[(sizeof(kinf__log_msgs_t) < 65536u) ? 1 : -1];
#endif
#ifdef KINF_NO_CLIENT /* the client's items are named "" */
#undef KINF_CLIENT_LOGITEM_XMACRO
#define KINF_CLIENT_LOGITEM_XMACRO(item, msg) char kinf__n_##item[1];
#endif
#define KINF_LOGITEM_XMACRO(item, msg) char kinf__n_##item[sizeof(#item)];
typedef struct kinf__log_names_t { KINF_LOG_ITEMS } kinf__log_names_t;
#undef KINF_LOGITEM_XMACRO
#ifdef KINF_NO_CLIENT
#undef KINF_CLIENT_LOGITEM_XMACRO
#define KINF_CLIENT_LOGITEM_XMACRO(item, msg) "",
#endif
#define KINF_LOGITEM_XMACRO(item, msg) #item,
static const kinf__log_names_t kinf__log_names = { KINF_LOG_ITEMS };
#undef KINF_LOGITEM_XMACRO
#ifdef KINF_NO_CLIENT
#undef KINF_CLIENT_LOGITEM_XMACRO
#define KINF_CLIENT_LOGITEM_XMACRO(item, msg) KINF_LOGITEM_XMACRO(item, msg)
#endif
#define KINF_LOGITEM_XMACRO(item, msg) (uint16_t)offsetof(kinf__log_names_t, kinf__n_##item),
static const uint16_t kinf__log_name_at[] = { KINF_LOG_ITEMS };
#undef KINF_LOGITEM_XMACRO
typedef char kinf__log_at_fits[(sizeof(kinf__log_names_t) < 65536u) ? 1 : -1];

/* Appends s to buf[o..cap-1) (a NULL s is nothing), NUL-terminates, returns
   the new length. clean: a byte outside 0x20..0x7e becomes '?', so the text
   stays one line that a terminal shows as it is. */
static size_t kinf__log_put(char* buf, size_t cap, size_t o, const char* s, int clean) {
    for (; s && *s && o + 1 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        buf[o++] = (char)(clean && (c < 0x20 || c > 0x7e) ? '?' : c);
    }
    if (o < cap) { buf[o] = 0; }
    return o;
}
/* An item's text as a logger gets it: the message, ": " and the details
   (under KINF_NO_LOG_STRINGS the details alone), after o bytes of buf. */
static size_t kinf__log_text(char* buf, size_t cap, size_t o, uint32_t item, const char* d1, const char* d2, int clean) {
#ifndef KINF_NO_LOG_STRINGS
    o = kinf__log_put(buf, cap, o, item < KINF_LOGITEM_COUNT ? (const char*)&kinf__log_msgs + kinf__log_msg_at[item] : "?", clean);
    if (d1) { o = kinf__log_put(buf, cap, o, ": ", clean); }
#else
    (void)item;
#endif
    o = kinf__log_put(buf, cap, o, d1, clean);
    return kinf__log_put(buf, cap, o, d2, clean);
}
/* The one line that says why a call refused (kinf_check's why, the
   factory's): "KINF_LOGITEM_NAME: message: details" (under
   KINF_NO_LOG_STRINGS, the details alone after the name), as snprintf
   writes (cut to cap - 1 bytes; why may be NULL when cap is 0), a byte
   outside 0x20..0x7e shown as '?'. text: the item's text as a logger got
   it, or NULL to make it from d1 and d2. */
static void kinf__why_line(char* why, size_t cap, uint32_t item, const char* text, const char* d1, const char* d2) {
    size_t n;
    if (!why) { cap = 0; }
    n = kinf__log_put(why, cap, 0, "KINF_LOGITEM_", 1);
    n = kinf__log_put(why, cap, n, kinf_log_item_name(item), 1);
#ifdef KINF_NO_LOG_STRINGS
    if (text ? text[0] != 0 : (d1 || d2)) { n = kinf__log_put(why, cap, n, ": ", 1); }
#else
    n = kinf__log_put(why, cap, n, ": ", 1);
#endif
    if (text) { kinf__log_put(why, cap, n, text, 1); } else { kinf__log_text(why, cap, n, item, d1, d2, 1); }
}
/* Why a call refused (kinf_init, kinf_check): the item, its details and the
   line that decided it. num holds a detail made of numbers. */
typedef struct kinf__why { uint32_t item, line; const char* d1; const char* d2; char num[64]; } kinf__why;
static int kinf__why_set(kinf__why* w, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    w->item = item; w->d1 = d1; w->d2 = d2; w->line = line;
    return 0;
}
#define KINF__REFUSE(w, item, d1, d2) kinf__why_set((w), KINF_LOGITEM_##item, (d1), (d2), __LINE__)

static void kinf__log2(const kinf_logger_t* lg, const char* tag, uint32_t level, uint32_t item, uint32_t line,
                       char* buf, size_t cap, const char* d1, const char* d2) {
    if (!lg || !lg->func) { return; }
    buf[0] = 0;
    kinf__log_text(buf, cap, 0, item, d1, d2, 0);
#ifndef KINF_NO_LOG_STRINGS
    lg->func(tag, level, item, buf, line, __FILE__, lg->user);
#else
    lg->func(tag, level, item, buf, line, 0, lg->user);
#endif
}
