#pragma once
// Stable colours: the same op type gets the same colour in every view and every session (hash of the
// name into a curated hue set); communication gets its own hue family (blues to violets) that no compute
// colour comes near, waits red. Pure functions; reentrant (any thread).
#include <QColor>
#include <QString>
#include <utility>

namespace rs::views {

QColor colorForOpType(const QString& opType, bool communication);
/// The hues of communication [first, second) (degrees): no compute colour comes within 15° of them.
constexpr std::pair<int, int> kCommunicationHues{200, 260};
QColor waitColor();    ///< collective waits (hatched red)
QColor idleGapColor(); ///< idle before a collective
/// Flow arrows (host op → kernel, forward → backward): a dark teal of their own, every category alike. The
/// categories' hash colours drew most arrows in the waits' red (issue 19).
QColor flowArrowColor();
/// Runtime tasks on a device stream (EVENT_WAIT, Notify Wait, MEMCPY_ASYNC): neither a kernel nor a
/// collective, so neither a compute hue nor a communication one — a device waiting must not look busy.
QColor runtimeTaskColor();
/// What a cut file did not let the index read (a lane's unread tail): cross-hatched in this grey.
QColor unreadColor();
/// The selected span's outline on the timeline: a dark ring between two light halos, so some part of it
/// stands out on any span and any lane background, light or dark (the highlight colour alone vanished on a
/// blue kernel).
QColor selectionRingColor();
QColor selectionHaloColor();
/// Readable text colour on `bg`.
QColor textOn(const QColor& bg);
/// `c` (a signal colour: a warning's red) for text on `bg`: lightened on a dark background, darkened on a
/// light one, until it stands at 4.5:1 (WCAG AA). The waits' red was 2.8:1 on the dark theme's ruler.
QColor readableOn(QColor c, const QColor& bg);

} // namespace rs::views
