#pragma once
// Stable colours: the same op type gets the same colour in every view and every session (hash of the
// name into a curated hue set); communication gets its own hue family (blues/purples), waits red.
// Pure functions; GUI thread.
#include <QColor>
#include <QString>

namespace rs::views {

QColor colorForOpType(const QString& opType, bool communication);
QColor waitColor();    ///< collective waits (hatched red)
QColor idleGapColor(); ///< idle before a collective
/// Readable text colour on `bg`.
QColor textOn(const QColor& bg);

} // namespace rs::views
