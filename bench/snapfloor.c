/* The floor of a warm start (make bench-issue17): the seconds to bring a
   file into fresh memory and nothing else -- memory faulted in the way
   kwatch faults its store (MADV_POPULATE_WRITE, 1 MiB at a time, where the
   kernel has it), then the file read into it in 1 MiB reads, as kwatch
   reads a snapshot. No parsing, no checksum, no store.
     build/snapfloor FILE [RUNS]   prints the median seconds */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
static int cmp(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}
int main(int argc, char** argv) {
    struct stat st;
    double ts[64];
    int runs = argc > 2 ? atoi(argv[2]) : 3, r;
    if (argc < 2 || stat(argv[1], &st) != 0 || st.st_size <= 0) { fprintf(stderr, "usage: snapfloor FILE [RUNS]\n"); return 2; }
    if (runs < 1 || runs > 64) { runs = 3; }
    for (r = 0; r < runs; r++) {
        size_t n = (size_t)st.st_size, off = 0, chunk = 1u << 20;
        double t0 = now();
        char* m = mmap(0, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        int fd = open(argv[1], O_RDONLY);
        if (m == MAP_FAILED || fd < 0) { perror("snapfloor"); return 1; }
        while (off < n) {
            size_t k = n - off < chunk ? n - off : chunk;
            ssize_t got;
            if (madvise(m + off, k, MADV_POPULATE_WRITE) != 0) { memset(m + off, 0, k); }
            got = read(fd, m + off, k);
            if (got <= 0) { perror("snapfloor: read"); return 1; }
            off += (size_t)got;
        }
        close(fd);
        ts[r] = now() - t0;
        munmap(m, n);
    }
    qsort(ts, (size_t)runs, sizeof(ts[0]), cmp);
    printf("%.4f\n", runs % 2 ? ts[runs / 2] : (ts[runs / 2 - 1] + ts[runs / 2]) / 2);
    return 0;
}
