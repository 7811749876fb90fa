#pragma once
// The app's File ▸ Export and Copy image: renders the whole window, the timeline with every lane of the
// shown ranks (a copy of the live timeline's scene asks the query service for all its lanes, so nothing
// runs SQL on the GUI thread, and its frame is built and painted as the widget's is), the heatmap grid at
// its natural size or the memory map, with the caption, to PNG (1×/2×), SVG or the clipboard. A run of
// more ranks than one picture shows, as it opened (no rank expanded or chosen), is pictured by the rule
// `rankscope export` follows (manyrankspicture.h): the outlying ranks and a typical one, said in the caption.
// Asynchronous for the timeline (finished follows). GUI thread only.
#include "app/gui/imagewriter.h"
#include "app/gui/manyrankspicture.h"
#include "views/timeline/timelinescene.h"

#include <QObject>
#include <memory>

class QDockWidget;

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
    void startTimeline();
    /// Raises the dock `dockName` when another tab hides it, so its widget is laid out at the dock's size;
    /// returns the dock that was in front (to raise again after the picture), or null.
    QDockWidget* raiseForPicture(const QString& dockName);
    void timelineArrived(quint64 id, std::shared_ptr<const query::TimelineData> data);
    void deliver(const Picture& pic, const Caption& caption);
    MainWindow* m_window;
    ExportChoice m_choice;
    /// The timeline being exported: a copy of the live scene, its frame's input taken at the request
    /// (the window and selection then), the request's id and whether lanes were cut.
    views::TimelineScene m_scene;
    views::FrameInput m_frame;
    quint64 m_request = 0;
    bool m_cut = false;
    bool m_busy = false;
    std::optional<ManyRanksPicture> m_ranks; ///< the ranks pictured instead of every one (many ranks)
};

} // namespace rs::gui
