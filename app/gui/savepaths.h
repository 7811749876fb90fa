#pragma once
// Where the app proposes to write a file: File ▸ Save view, File ▸ Export image, File ▸ Export report and
// the SQL console's Export CSV. The folder is the profile's own when it is writable, else the last folder
// used for that kind of file, else home; the name is the profile's (its folder's name, a trace file's
// without suffixes), the run shown and what is written ("demo-run0-timeline.png"), and never names a file
// that exists. Nothing of the last session's name is kept: walk 27 was offered the last session's folder
// and a "run1" name while run 0 of another profile was shown. GUI thread (it reads Settings).
#include <QString>
#include <optional>

namespace rs::gui {

class SavePaths {
  public:
    /// The kinds of file, each with its own remembered folder (Settings).
    enum class Kind { View, Image, Report, Csv };
    /// The folder a profile lives in: the profile folder itself, or a trace file's folder.
    static QString profileFolder(const QString& profile);
    /// `profileFolder` when `writable`, else `lastUsed` when it is an existing folder, else home.
    static QString folder(const QString& profileFolder, bool writable, const QString& lastUsed);
    /// "<profile name>-run<N>", or "<profile name>" without a run (or "rankscope" without a profile).
    static QString stem(const QString& profile, std::optional<int> run);
    /// `dir`/`base`.`suffix`, or `base`-2, -3 … when a file has that name.
    static QString freePath(const QString& dir, const QString& base, const QString& suffix);
    /// The last folder used for `kind` (Settings), "" when none.
    static QString lastFolder(Kind kind);
    /// folder(…) of `profile` (its writability read from disk) and `kind`'s last folder.
    static QString folderFor(Kind kind, const QString& profile);
    /// The whole proposal: "<stem>-<what>.<suffix>" in folderFor(kind, profile).
    static QString propose(Kind kind, const QString& profile, std::optional<int> run, const QString& what,
                           const QString& suffix);
};

} // namespace rs::gui
