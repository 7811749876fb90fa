#pragma once
// The strip above the timeline while a profile is indexed: what is read (phase and profile name), bytes
// read of the total, the rate in MB/s, events so far, the time left, a bar, and Cancel. Shown by start(),
// hidden by finish(). The rate and the time left are left out until they mean something (no bytes yet,
// or less than a tenth of a second gone). GUI thread only.
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace rs::gui {

struct IndexProgress {
    qint64 bytesDone = 0, bytesTotal = 0, events = 0;
    double elapsedSec = 0;
    QString phase; ///< "Indexing", "Analysing", …
};

class ProgressPanel : public QWidget {
    Q_OBJECT
  public:
    static constexpr int kSteps = 1000; ///< the bar's range
    explicit ProgressPanel(QWidget* parent = nullptr);
    /// Shows the panel for `name` (a profile's folder or file name), from zero.
    void start(const QString& name);
    void setProgress(const IndexProgress& p);
    void finish();
    /// The line shown for `p` of profile `name`.
    static QString text(const IndexProgress& p, const QString& name);
    QString label() const;
    int value() const;

  Q_SIGNALS:
    void cancelRequested();

  private:
    QLabel* m_label;
    QProgressBar* m_bar;
    QPushButton* m_cancel;
    QString m_name;
};

} // namespace rs::gui
