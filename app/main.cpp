// rankscope: the desktop app without a sub-command, the command line with one.
#include "app/cli/commands.h"
#include "app/gui/guimain.h"

#include <QCoreApplication>

int main(int argc, char** argv) {
    int rc = rs::cli::dispatch(argc, argv);
    if (rc >= 0) return rc;
    return rs::gui::runGui(argc, argv);
}
