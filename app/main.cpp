// rankscope: the desktop app without a sub-command, the command line with one.
#include "app/cli/commands.h"
#include "app/gui/guimain.h"

#include <QCoreApplication>
#include <cstdio>
#include <exception>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {

/// Blocks of 1 MiB and more are mapped and unmapped one by one, so what an import frees goes back to the
/// system at once. glibc's default raises that threshold to the largest block freed so far (up to 32
/// MiB), after which an analysis pass's per-rank vectors stay in the heap's arenas when freed, and the
/// parser threads' arenas keep their peak: 429 MB peak RSS on 5.3 GB of Kineto JSON, 360 MB with this.
/// (A fixed threshold also fixes the trim threshold at 128 KiB: the build's parse stage pads the heap's top
/// while it runs, core/pipeline/heaptrim.h.)
void returnLargeFreedBlocksToTheSystem() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

} // namespace

int main(int argc, char** argv) {
    // One guard for whatever a command did not handle: a clear message and status 1, never terminate().
    returnLargeFreedBlocksToTheSystem();
    try {
        int rc = rs::cli::dispatch(argc, argv);
        if (rc >= 0) return rc;
        return rs::gui::runGui(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rankscope: error: %s\n", e.what());
        return 1;
    } catch (...) {
        std::fprintf(stderr, "rankscope: error: unexpected failure\n");
        return 1;
    }
}
