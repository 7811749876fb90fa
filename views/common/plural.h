#pragma once
// A count with its noun in the right number ("1 rank", "2 ranks", "0 ranks"), for every label that
// counts something: "1 ranks" read as a bug. English only (the app is not translated); a translation
// would use QObject::tr's %n forms instead. Any thread.
#include <QString>

namespace rs::views {

/// `n` and `one` when n is 1 (or -1), else `n` and `many`.
QString counted(qint64 n, const QString& one, const QString& many);

} // namespace rs::views
