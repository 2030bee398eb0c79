/* opts.h - the tools' one command-line parser. A tool writes each of its
   options once, as a row of a table: its name (and a second spelling), the
   kind of value it takes, where the value goes (a field of the tool's
   kinf_desc_t or a variable of its own), and its lines of --help. --help
   prints a head, every row's lines in the table's order, then a tail.
   "--name=value" and "--name value" are the same; an argument that names no
   option and does not start with '-' is positional.
   Include after kinformer.h, with TOOL_NAME defined as the program's name
   in messages. */
#ifndef TOOLS_OPTS_H
#define TOOLS_OPTS_H
#ifndef TOOL_NAME
#error "define TOOL_NAME (the program's name in messages, a string literal) before including opts.h"
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* every tool's exit statuses */
#define TOOL_EXIT_OK 0
#define TOOL_EXIT_FAIL 1
#define TOOL_EXIT_USAGE 2
#define TOOL_EXIT_CAPACITY 3        /* an object or a queue did not fit its capacity */

/* The helpers of these headers are static, and no tool uses them all
   (sokol's _SOKOL_PRIVATE does the same). */
#if defined(__GNUC__) || defined(__clang__)
#define TOOL_PRIVATE __attribute__((unused)) static
#else
#define TOOL_PRIVATE static
#endif

enum {
    OPT_HELP,                       /* print --help and exit 0 */
    OPT_SET, OPT_CLEAR,             /* no value: the int is set to 1, or to 0 */
    OPT_STR,                        /* a string, kept as it is in argv */
    OPT_LONG, OPT_DOUBLE, OPT_INT, OPT_SIZE, /* a non-negative number */
    OPT_MS,                         /* seconds, into an int of milliseconds */
    OPT_OWN                         /* this and above: the tool's own kinds, read by opts_t.own */
};
typedef struct opt_t {
    const char* name;               /* "-n", or the long name when there is no short one */
    const char* alias;              /* "--namespace", or 0 */
    int kind;                       /* OPT_* */
    size_t field;                   /* where the value goes: this offset in the descriptor, */
    void* var;                      /* or this variable of the tool's own when not 0 */
    const char* help;               /* its lines of --help; 0: the row before describes it */
} opt_t;
#define OPT_DESC(f) offsetof(kinf_desc_t, f), 0
#define OPT_VAR(v) 0, (void*)&(v)
#define OPT_NONE 0, 0               /* no place: an OPT_OWN row so written is given the descriptor */
#define OPT_HELP_ROW { "-h", "--help", OPT_HELP, OPT_NONE, "  -h, --help             this text\n" }

typedef struct opts_t {
    const opt_t* rows;
    size_t count;
    const char* head;               /* --help: this, the rows' lines, then tail */
    const char* tail;
    const char** pos;               /* the positional arguments, */
    int max_pos;                    /* at most this many; */
    const char* too_many;           /* one more is this usage error (0: "unexpected argument") */
    /* reads an OPT_OWN row's value: o the row, a the option as written, v its
       value (0 when argv ended), t its place; -1 to go on, else the exit status */
    int (*own)(const opt_t* o, const char* a, const char* v, void* t);
} opts_t;

/* says what is wrong, and where to look; returns TOOL_EXIT_USAGE */
TOOL_PRIVATE int opts_usage_error(const char* what, const char* arg) {
    fprintf(stderr, TOOL_NAME ": %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
    fputs("Try '" TOOL_NAME " --help'.\n", stderr);
    return TOOL_EXIT_USAGE;
}
TOOL_PRIVATE void opts_print_usage(const opts_t* c) {
    size_t k;
    fputs(c->head, stdout);
    for (k = 0; k < c->count; k++) { if (c->rows[k].help) { fputs(c->rows[k].help, stdout); } }
    fputs(c->tail, stdout);
}
/* a size's unit after its number, as kubectl's quantities write it: Ki, Mi,
   Gi (1024s), k or K, M, G (1000s); *end moves past it. 1 when there is
   none, 0 for an unknown one (then *end stays on it) */
TOOL_PRIVATE double opts_size_unit(char** end) {
    static const char units[] = "KMG";
    const char* p;
    char c = **end;
    double m = 1;
    int k, bin;
    if (!c) { return 1; }
    if (!(p = strchr(units, c == 'k' ? 'K' : c))) { return 0; }
    bin = c != 'k' && (*end)[1] == 'i';
    for (k = 0; k <= p - units; k++) { m *= bin ? 1024.0 : 1000.0; }
    *end += 1 + bin;
    return m;
}
/* v as a number of that kind into t; 0 when it is no non-negative number */
TOOL_PRIVATE int opts_number(int kind, const char* v, void* t) {
    char* end;
    double n;
    if (!v || !*v) { return 0; }
    n = strtod(v, &end);
    if (kind == OPT_SIZE) { n *= opts_size_unit(&end); }
    /* a size a size_t holds (the library then judges it: MEMORY_OVERFLOW) */
    if (*end || n < 0 || (kind == OPT_SIZE && n >= (double)SIZE_MAX + 1.0)) { return 0; }
    switch (kind) {
    case OPT_LONG: *(long*)t = (long)n; break;
    case OPT_DOUBLE: *(double*)t = n; break;
    case OPT_SIZE: *(size_t*)t = (size_t)n; break;
    case OPT_MS: *(int*)t = (int)(n * 1000); break;
    default: *(int*)t = (int)n; break; /* OPT_INT */
    }
    return 1;
}
/* the value v of a row of one of the parser's kinds that takes one (a: the
   option as written); -1 to go on, else the exit status */
TOOL_PRIVATE int opts_value(int kind, const char* a, const char* v, void* t) {
    if (kind == OPT_STR) {
        if (!v) { return opts_usage_error("missing value", a); }
        *(const char**)t = v;
        return -1;
    }
    if (!opts_number(kind, v, t)) {
        return opts_usage_error(kind == OPT_SIZE && v ? "expected a size (a number, optionally with Ki, Mi, Gi, k, M or G)" : "expected a non-negative number", v ? v : a);
    }
    return -1;
}
/* Reads argv into desc and the tool's variables, the positional arguments
   into c->pos (*npos of them). Returns -1 to go on, else the exit status:
   --help printed, or a usage error said. */
TOOL_PRIVATE int opts_parse(const opts_t* c, int argc, char** argv, kinf_desc_t* desc, int* npos) {
    static char name[64];
    int i, r;
    *npos = 0;
    for (i = 1; i < argc; i++) {
        const char* a = argv[i];
        const char* v = 0;
        const char* eq;
        const opt_t* o = 0;
        void* t;
        size_t k;
        if (!strncmp(a, "--", 2) && (eq = strchr(a, '=')) != 0) {
            size_t n = (size_t)(eq - a);
            if (n >= sizeof(name)) { return opts_usage_error("unknown option", a); }
            memcpy(name, a, n); name[n] = 0;
            v = eq + 1; a = name;
        }
        for (k = 0; k < c->count && !o; k++) {
            if (!strcmp(a, c->rows[k].name) || (c->rows[k].alias && !strcmp(a, c->rows[k].alias))) { o = &c->rows[k]; }
        }
        if (!o) {
            if (a[0] == '-' && a[1]) { return opts_usage_error("unknown option", a); }
            if (*npos >= c->max_pos) { return opts_usage_error(c->too_many ? c->too_many : "unexpected argument", a); }
            c->pos[(*npos)++] = a;
            continue;
        }
        t = o->var ? o->var : (void*)((char*)desc + o->field);
        if (o->kind == OPT_HELP) { opts_print_usage(c); return TOOL_EXIT_OK; }
        if (o->kind == OPT_SET || o->kind == OPT_CLEAR) { *(int*)t = o->kind == OPT_SET; continue; }
        if (!v && i + 1 < argc) { v = argv[++i]; }
        r = o->kind >= OPT_OWN ? c->own(o, a, v, t) : opts_value(o->kind, a, v, t);
        if (r >= 0) { return r; }
    }
    return -1;
}
#endif
