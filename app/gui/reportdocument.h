#pragma once
// The report as a document with pictures, for `rankscope report --html/--markdown` and File ▸ Export
// report: the findings, root causes first, each with its picture (the collective's window on the waiting
// ranks and the culprit, the heatmap row of a slow op, the memory map of a misplaced bank); the step
// table; per-rank breakdown (wait, last arrivals, stragglers); memory peaks, allocated vs reserved; the
// annotations with their pictures; the diagnostics. Built from the same report document and the same
// export renderer as the rest of Rankscope. GUI thread (widgets are rendered), headless.
#include <QImage>
#include <QString>
#include <QStringList>
#include <vector>

namespace rs::gui {

struct ReportBlock {
    enum class Kind { Heading, Paragraph, Table, Image, Note };
    Kind kind = Kind::Paragraph;
    int level = 2;      ///< Heading
    QString text;       ///< Heading, Paragraph, Note; an Image's caption
    QStringList header; ///< Table
    std::vector<QStringList> rows;
    QImage image;      ///< Image
    QString imageName; ///< Image: a file name for the Markdown export ("finding-1.png")
};

struct ReportDocument {
    QString title;
    std::vector<ReportBlock> blocks;
};

struct ReportRequest {
    QString dbPath, profile;
    int top = 10;     ///< findings with pictures at most (the rest listed)
    int width = 1400; ///< picture width, px
    /// The run the pictures show (a folder of several; the other runs' findings are listed without
    /// pictures); default: the app's default run.
    std::optional<int> run;
};

ReportDocument buildReportDocument(const ReportRequest& r);

/// One self-contained HTML file: inline style, pictures as data:image/png;base64, no network.
bool writeHtmlReport(const ReportDocument& d, const QString& path, QString& error);
/// Markdown with the pictures beside it in `<name>-files/`.
bool writeMarkdownReport(const ReportDocument& d, const QString& path, QString& error);

} // namespace rs::gui
