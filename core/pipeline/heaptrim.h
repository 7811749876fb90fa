#pragma once
// The heap's behaviour around the parse stage. glibc, with the fixed 1 MiB mmap threshold the app and the
// CLI set (app/main.cpp), trims each malloc arena's top at 128 KiB, so the parser threads and the writer
// gave back and re-faulted memory on almost every batch: ~460 000 page faults (zeroed pages) on the 1 GB
// Ascend bench. A pad kept at each arena's top while the stage runs cuts them by ~40 % and takes ~8 % off
// the index's CPU time. Kept for the whole build, that freed-but-resident memory stood on top of the later
// stages' peak (5.3 GB Kineto bench: 390 → 435 MB with 32 MiB), so the pad is the parse stage's only, and
// the stage's free memory is given back when it ends; 16 MiB, as 32 MiB still took the parse's own peak
// there past 400 MB (408 MiB; 16 MiB: 391 MiB; none: 385 MiB, /usr/bin/time's maximum).
// Process-wide (malloc's settings): one build at a time sets it; any thread. No-ops where the C library is
// not glibc.
namespace rs::pipeline {

/// While alive: the parse stage's heap pad. On destruction: the default pad, and the free memory of every
/// arena given back to the system (malloc_trim).
class ParseHeapPad {
  public:
    ParseHeapPad();
    ~ParseHeapPad();
    ParseHeapPad(const ParseHeapPad&) = delete;
    ParseHeapPad& operator=(const ParseHeapPad&) = delete;
};

} // namespace rs::pipeline
