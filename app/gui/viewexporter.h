#pragma once
// The app's File ▸ Export and Copy image: renders the whole window, the timeline with every lane of the
// shown ranks (an off-screen timeline sharing the window's state asks the query service for all its
// lanes, so nothing runs SQL on the GUI thread, then it is drawn), the heatmap grid at its natural size
// or the memory map, with the caption, to PNG (1×/2×), SVG or the clipboard. Asynchronous for the
// timeline (finished follows). GUI thread only.
#include "app/gui/imagewriter.h"

#include <QObject>
#include <memory>

namespace rs::views {
class TimelineView;
}

namespace rs::gui {

class MainWindow;

struct ExportChoice {
    QString view = "timeline"; ///< window, timeline, heatmap, memory
    QString path;              ///< .png or .svg; empty: the clipboard
    double scale = 1;
    bool caption = true;
    bool annotations = true;
};

class ViewExporter : public QObject {
    Q_OBJECT
  public:
    explicit ViewExporter(MainWindow* window);
    ~ViewExporter() override;
    void start(const ExportChoice& c);
    bool busy() const { return m_busy; }

  Q_SIGNALS:
    void finished(const QString& path, const QString& error);

  private:
    void deliver(QWidget& w, const Caption& caption);
    MainWindow* m_window;
    ExportChoice m_choice;
    std::unique_ptr<views::TimelineView> m_timeline;
    bool m_busy = false;
};

} // namespace rs::gui
