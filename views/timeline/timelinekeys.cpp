#include "views/timeline/timelinekeys.h"

#include <Qt>
#include <algorithm>

namespace rs::views {

const std::vector<TimelineKey>& timelineKeys() {
    static const std::vector<TimelineKey> keys = {
        {{Qt::Key_W, Qt::Key_Plus, Qt::Key_Equal},
         TimelineCommand::ZoomIn,
         "W, +",
         "zoom in about the selection, else the pointer (down to a 10 ns window)"},
        {{Qt::Key_S, Qt::Key_Minus}, TimelineCommand::ZoomOut, "S, -", "zoom out (about the same point)"},
        {{Qt::Key_A, Qt::Key_Left}, TimelineCommand::PanLeft, "A, Left", "pan left"},
        {{Qt::Key_D, Qt::Key_Right}, TimelineCommand::PanRight, "D, Right", "pan right"},
        {{Qt::Key_F}, TimelineCommand::Fit, "F", "fit the whole run"},
        {{Qt::Key_BracketLeft}, TimelineCommand::Back, "[", "Navigate ▸ Back, from the timeline"},
        {{Qt::Key_BracketRight}, TimelineCommand::Forward, "]", "Navigate ▸ Forward, from the timeline"},
        {{Qt::Key_Escape},
         TimelineCommand::Escape,
         "Esc",
         "leave the annotation tool, else clear the marked area, else the selection"},
        {{Qt::Key_Up}, TimelineCommand::ScrollUp, "Up", "scroll the lanes up"},
        {{Qt::Key_Down}, TimelineCommand::ScrollDown, "Down", "scroll the lanes down"},
        {{Qt::Key_J},
         TimelineCommand::FollowFlow,
         "J",
         "follow the selected span's flow arrow to its other end (host op → kernel → back)"},
    };
    return keys;
}

const TimelineKey* timelineKeyFor(int key) {
    for (const auto& k : timelineKeys())
        if (std::find(k.keys.begin(), k.keys.end(), key) != k.keys.end()) return &k;
    return nullptr;
}

const std::vector<Gesture>& timelineGestures() {
    static const std::vector<Gesture> g = {
        {"Wheel", "zoom around the cursor (Shift+wheel: scroll the lanes)"},
        {"Drag", "pan"},
        {"Shift+drag", "select a range and zoom to it"},
        {"Ctrl+drag", "mark an area across lanes and time (its statistics open in Query ▸ Area statistics)"},
        {"Double-click", "zoom to a span or wait"},
        {"Click a rank name", "collapse / expand its lanes"},
        {"Click a lane name",
         "show all its nesting levels (a lane shows 3; its name says \"3 of N levels\")"},
        {"Click or drag the minimap", "move the window there (wheel: zoom)"},
    };
    return g;
}

} // namespace rs::views
