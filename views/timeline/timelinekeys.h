#pragma once
// The timeline's keys and mouse gestures in one table: TimelineView's key handling looks its commands up
// here, and the Shortcuts dialog (and, through its test, the README) lists the same rows, so a binding
// cannot be added in one place and missing in the others. Pure data; any thread.
#include <QString>
#include <vector>

namespace rs::views {

enum class TimelineCommand {
    ZoomIn,
    ZoomOut,
    PanLeft,
    PanRight,
    Fit,
    Back,
    Forward,
    Escape,
    ScrollUp,
    ScrollDown,
    FollowFlow
};

struct TimelineKey {
    std::vector<int> keys; ///< Qt::Key values, no modifier
    TimelineCommand command;
    const char* keysText; ///< as shown: "W, +"
    const char* what;
};

/// The keys the timeline answers when it has the focus.
const std::vector<TimelineKey>& timelineKeys();
/// The command of a key pressed without modifiers, if the timeline has one.
const TimelineKey* timelineKeyFor(int key);

struct Gesture {
    const char* how;
    const char* what;
};
/// Mouse gestures on the timeline (no key sequence; listed with the keys).
const std::vector<Gesture>& timelineGestures();

} // namespace rs::views
