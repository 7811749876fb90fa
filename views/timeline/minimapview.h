#pragma once
// The whole run above the timeline: one thin row per rank (or per group of ranks when there are more ranks
// than rows) shaded by how busy its device is (darker: busier, from the level-of-detail buckets), step
// bands, communication waits in red and idle gaps in orange (a rank without device lanes: its host threads'
// activity in grey, labelled and explained in the tooltip, never as device blue), and the timeline's window
// as a frame. A click centres the window there (its width kept), a drag of the frame pans it, a drag
// elsewhere (or over a frame of the whole run) draws a new window over the dragged time, as Perfetto's
// overview does; the wheel zooms around the cursor. The picture is drawn once per profile and size (a cached
// image): a frame paints the image and the window, nothing per frame walks the profile. Data: the summary,
// and the activity from the query service (worker thread; none without a service). GUI thread only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QImage>
#include <QWidget>
#include <memory>

namespace rs::views {

class MinimapView : public QWidget {
    Q_OBJECT
  public:
    explicit MinimapView(InteractionState* state, query::QueryService* service = nullptr,
                         QWidget* parent = nullptr);
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    /// The ranks' device activity over the run (normally asked of the service on a new profile or size).
    void setActivity(std::shared_ptr<const query::RankActivity> a);
    /// Draw the waits and idle gaps (red, orange) or not: follows the timeline's "Show communication waits",
    /// so a hidden overlay does not reappear in the overview.
    void setShowWaits(bool on);
    bool showWaits() const { return m_showWaits; }
    /// The x of a time across the whole run, and the time of an x (widget pixels; tests).
    double xOf(qint64 ns) const;
    qint64 timeAt(double x) const;
    /// The activity drawn (null before it arrives).
    const query::RankActivity* activity() const { return m_activity.get(); }
    /// The cached picture of the run (without the window frame).
    const QImage& overview() const { return m_image; }
    QSize sizeHint() const override { return {600, 34}; }
    static constexpr int kLeft = 170; ///< the timeline's gutter: the minimap's x axis lines up with it

  protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void changeEvent(QEvent*) override; ///< a palette (theme) change redraws the cached picture
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void wheelEvent(QWheelEvent*) override;

  private:
    void render();
    void requestActivity();
    static QString baseToolTip();
    /// The x range of the run (the plot right of the labels), in px.
    int plotWidth() const;
    /// `record`: the window before is a history entry (false for a drag's later moves).
    void centreOn(double x, bool record = true);
    /// Sets the window to the run's time between two x's (widget px, kept on the run).
    void brush(double from, double to, bool record = true);
    /// px: a press that moves less is a click; a frame this close to the plot's width is the whole run
    static constexpr double kBrushSlopPx = 3;
    enum class Drag { None, Pan, Brush };
    Drag m_drag = Drag::None;
    double m_pressX = 0;         ///< where the drag started (widget px)
    bool m_dragRecorded = false; ///< this drag's history entry is made
    int rightMargin() const;
    double m_grab = 0; ///< where in the frame it was pressed (px from its centre) while dragging
    InteractionState* m_state;
    query::QueryService* m_service;
    quint64 m_activityRequest = 0;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    std::shared_ptr<const query::RankActivity> m_activity;
    QImage m_image;
    bool m_showWaits = true;
};

} // namespace rs::views
