#include "views/common/unitsjoined.h"

#include <QRegularExpression>

namespace rs::views {

namespace {
// a unit whole: a letter or digit after it makes it another word ("2 steps" is no "2 s")
const QString kUnit = QStringLiteral("(?:ns|µs|us|ms|s|min|h|[KMGT]i?B(?:/s)?|[kK]B(?:/s)?|B(?:/s)?|%)"
                                     "(?![\\p{L}\\p{N}])");
} // namespace

QString unitsJoined(const QString& text) {
    static const QRegularExpression space(QStringLiteral("(\\d) (?=") + kUnit + ")");
    static const QRegularExpression rate(QStringLiteral("(\\d\\x{00A0}[KMGTk]?i?B)/s(?![\\p{L}\\p{N}])"));
    QString out = text;
    out.replace(space, QStringLiteral("\\1\u00A0"));
    // a line may break after a slash: the word joiner (zero width, drawn as nothing) forbids it
    out.replace(rate, QStringLiteral("\\1/\u2060s"));
    return out;
}

} // namespace rs::views
