#pragma once
// Where the app proposes to write a file: File ▸ Save view, File ▸ Export image, File ▸ Export report and
// the SQL console's Export CSV. The folder is the last one the user wrote that kind of file to, else their
// Pictures (images) or Documents (views, reports, CSV) folder, else home: never the profile's own unless
// the user chose it (issue 19: a walker running as root wrote into the read-only samples tree, proposed
// because it was writable to root). The name is the profile's (its folder's name, a trace file's without
// suffixes), the run shown and what is written ("demo-run0-timeline.png"), and never names a file that
// exists. Nothing of the last session's name is kept: walk 27 was offered a "run1" name while run 0 of
// another profile was shown. GUI thread (it reads Settings).
#include <QString>
#include <optional>

namespace rs::gui {

class SavePaths {
  public:
    /// The kinds of file, each with its own remembered folder (Settings).
    enum class Kind { View, Image, Report, Csv };
    /// `lastUsed` when it is an existing folder, else `standard` when it is one, else home.
    static QString folder(const QString& lastUsed, const QString& standard);
    /// The user's folder for `kind` (QStandardPaths): Pictures for images, Documents for the rest.
    static QString standardFolder(Kind kind);
    /// "<profile name>-run<N>", or "<profile name>" without a run (or "rankscope" without a profile).
    static QString stem(const QString& profile, std::optional<int> run);
    /// `dir`/`base`.`suffix`, or `base`-2, -3 … when a file has that name.
    static QString freePath(const QString& dir, const QString& base, const QString& suffix);
    /// The last folder used for `kind` (Settings), "" when none.
    static QString lastFolder(Kind kind);
    /// folder(…) of `kind`'s last folder and its standard one.
    static QString folderFor(Kind kind);
    /// The whole proposal: "<stem>-<what>.<suffix>" in folderFor(kind).
    static QString propose(Kind kind, const QString& profile, std::optional<int> run, const QString& what,
                           const QString& suffix);
};

} // namespace rs::gui
