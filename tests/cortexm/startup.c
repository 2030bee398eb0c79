/* startup.c - the start of a Cortex-M test program under qemu-system-arm
   (MPS2 AN385, Cortex-M3): the vector table, .data copied from flash, .bss
   zeroed, newlib's semihosting (printf to the host's stdout, exit status to
   qemu), then main. A fault prints its name and exits 99. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern uint32_t __data_load, __data_start, __data_end, __bss_start, __bss_end, __stack_top;
extern void initialise_monitor_handles(void);
extern int main(void);
void reset_handler(void);
void fault_handler(void);

__attribute__((section(".vectors"), used)) static const void* const vectors[16] = {
    &__stack_top, (const void*)reset_handler, (const void*)fault_handler, (const void*)fault_handler,
    (const void*)fault_handler, (const void*)fault_handler, (const void*)fault_handler
};

void reset_handler(void) {
    memcpy(&__data_start, &__data_load, (size_t)((char*)&__data_end - (char*)&__data_start));
    memset(&__bss_start, 0, (size_t)((char*)&__bss_end - (char*)&__bss_start));
    initialise_monitor_handles();
    exit(main());
}
void fault_handler(void) {
    printf("FAIL a fault (NMI, HardFault, MemManage, BusFault or UsageFault)\n");
    exit(99);
}
