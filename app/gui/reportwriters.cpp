// The two forms of the report document: one self-contained HTML file and Markdown with its pictures.
#include "app/gui/reportdocument.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace rs::gui {

namespace {

QString esc(const QString& t) {
    return t.toHtmlEscaped();
}

QByteArray pngBytes(const QImage& img) {
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    img.save(&buf, "PNG");
    return bytes;
}

bool save(const QString& path, const QByteArray& content, QString& error) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        error = QObject::tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(content);
    if (!f.commit()) {
        error = QObject::tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

const char* const kStyle =
    "body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:2em "
    "auto;max-width:1460px;color:#222;line-height:1.4}"
    "h1{font-size:1.5em}h2{border-bottom:1px solid "
    "#ccc;padding-bottom:.2em;margin-top:1.6em}h3{font-size:1.05em;margin-top:1.3em}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:.25em "
    ".6em;text-align:left;vertical-align:top}"
    "th{background:#f4f4f4}figure{margin:.6em 0 1.2em}figure img{max-width:100%;border:1px solid #ccc}"
    "figcaption{color:#555;font-size:.9em}.note{background:#fdecce;border:1px solid #f5a524;padding:.4em "
    ".8em}";

} // namespace

bool writeHtmlReport(const ReportDocument& d, const QString& path, QString& error) {
    QString h;
    h += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(d.title) +
         "</title><style>" + kStyle + "</style></head><body>\n<h1>" + esc(d.title) + "</h1>\n";
    for (const auto& b : d.blocks) {
        switch (b.kind) {
        case ReportBlock::Kind::Heading:
            h += QString("<h%1>%2</h%1>\n").arg(b.level).arg(esc(b.text));
            break;
        case ReportBlock::Kind::Paragraph:
            h += "<p>" + esc(b.text) + "</p>\n";
            break;
        case ReportBlock::Kind::Note:
            h += "<p class=\"note\">" + esc(b.text) + "</p>\n";
            break;
        case ReportBlock::Kind::Table:
            h += "<table><tr>";
            for (const auto& c : b.header)
                h += "<th>" + esc(c) + "</th>";
            h += "</tr>\n";
            for (const auto& row : b.rows) {
                h += "<tr>";
                for (const auto& c : row)
                    h += "<td>" + esc(c) + "</td>";
                h += "</tr>\n";
            }
            h += "</table>\n";
            break;
        case ReportBlock::Kind::Image:
            h += "<figure><img alt=\"" + esc(b.text) + "\" src=\"data:image/png;base64," +
                 QString::fromLatin1(pngBytes(b.image).toBase64()) + "\"><figcaption>" + esc(b.text) +
                 "</figcaption></figure>\n";
            break;
        }
    }
    h += "</body></html>\n";
    return save(path, h.toUtf8(), error);
}

bool writeMarkdownReport(const ReportDocument& d, const QString& path, QString& error) {
    const QFileInfo fi(path);
    const QString folderName = fi.completeBaseName() + "-files";
    const QDir folder(fi.absoluteDir().filePath(folderName));
    if (!QDir().mkpath(folder.path())) {
        error = QObject::tr("cannot create %1").arg(folder.path());
        return false;
    }
    auto cell = [](QString t) { return t.replace('|', "\\|").replace('\n', ' '); };
    QString m = "# " + d.title + "\n\n";
    for (const auto& b : d.blocks) {
        switch (b.kind) {
        case ReportBlock::Kind::Heading:
            m += QString(b.level, '#') + " " + b.text + "\n\n";
            break;
        case ReportBlock::Kind::Paragraph:
            m += b.text + "\n\n";
            break;
        case ReportBlock::Kind::Note:
            m += "> " + b.text + "\n\n";
            break;
        case ReportBlock::Kind::Table: {
            QStringList head, rule;
            for (const auto& c : b.header)
                head << cell(c), rule << "---";
            m += "| " + head.join(" | ") + " |\n| " + rule.join(" | ") + " |\n";
            for (const auto& row : b.rows) {
                QStringList cells;
                for (const auto& c : row)
                    cells << cell(c);
                m += "| " + cells.join(" | ") + " |\n";
            }
            m += "\n";
            break;
        }
        case ReportBlock::Kind::Image:
            if (!b.image.save(folder.filePath(b.imageName), "PNG")) {
                error = QObject::tr("cannot write %1").arg(folder.filePath(b.imageName));
                return false;
            }
            m += "![" + b.text + "](" + folderName + "/" + b.imageName + ")\n\n*" + b.text + "*\n\n";
            break;
        }
    }
    return save(path, m.toUtf8(), error);
}

} // namespace rs::gui
