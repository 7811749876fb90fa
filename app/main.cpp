// rankscope: the desktop app without a sub-command, the command line with one.
#include "app/cli/commands.h"
#include "app/gui/guimain.h"

#include <QCoreApplication>
#include <cstdio>
#include <exception>

int main(int argc, char** argv) {
    // One guard for whatever a command did not handle: a clear message and status 1, never terminate().
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
