import Foundation
import RadialWindow
import RadialRender
import RadialCore

/// `--format`, `--quality`, `--compress`, `--background` and `--renderer`: how `render` (one
/// still or a batch) makes and encodes its files.
extension OptionValues {
    /// Whether the options ask for what `format` cannot do: a transparent JPEG, a vector file
    /// drawn by GL. `pageBackground` is what the page asks for itself (its file's "background").
    func checkBackground(_ format: StillFormat, pageBackground: PageBackground? = nil) throws(UsageError) {
        if !format.hasAlpha, let b = background, b.isTransparent {
            throw UsageError("A JPEG has no transparency, so --background \(b.rawValue) cannot be kept; write a .png, .webp, .svg or .pdf instead.")
        }
        if !format.hasAlpha, background == nil, let b = pageBackground, b.isTransparent {
            throw UsageError("The page asks for \"background\": \"\(b.rawValue)\" but a JPEG has no transparency; write a .png, .webp, .svg or .pdf, or give --background opaque.")
        }
        if format.isVector, renderer != nil {
            throw UsageError("--renderer chooses who draws a png, jpg or webp; an \(format.rawValue.uppercased()) is always drawn as cairo's paths (leave out --renderer).")
        }
    }

    /// The background to draw: the option's, else the page's, else the page color.
    func background(for page: Page) -> PageBackground { background ?? page.background ?? .opaque }

    /// The encoding for `out` (one still), or for a batch when `out` is nil. `--format` and
    /// `--out`'s extension must agree; options that do not apply to the format are refused.
    func stillEncoding(out: String?) throws(UsageError) -> StillEncoding {
        let given: StillFormat? = try format.map { (f: String) throws(UsageError) -> StillFormat in
            guard let s = StillFormat(name: f) else {
                let near = Spec.suggestion(for: f, among: ["png", "jpg", "jpeg", "webp", "svg", "pdf"]).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("--format expects png, jpg, webp, svg or pdf; got \"\(f)\"\(near).")
            }
            return s
        }
        let chosen: StillFormat
        if let out {
            let ext = (out as NSString).pathExtension
            switch (given, StillFormat(path: out)) {
            case (let g?, let e?) where g != e:
                throw UsageError("--out \(out) ends in .\(ext) but --format is \(g.rawValue); make them agree (or leave out --format).")
            case (let g?, nil):
                throw UsageError("--out should end in .\(g.names.joined(separator: " or .")) for --format \(g.rawValue); got \(out).")
            case (nil, nil):
                throw UsageError("--out should name a .png, .jpg, .jpeg, .webp, .svg or .pdf file; got \(out).")
            case (_, let e?):
                chosen = e
            }
        } else {
            chosen = given ?? .png
        }
        if let q = quality, !chosen.takesQuality {
            throw UsageError(chosen.isVector
                ? "--quality \(q) is for jpg and webp; an \(chosen.rawValue.uppercased()) keeps shapes and text, not pixels."
                : "--quality \(q) is for jpg and webp; a PNG is stored without loss (--compress fast|best trades its size against time).")
        }
        if pngCompression != nil && chosen != .png {
            throw UsageError(chosen.isVector ? "--compress is for PNG; an \(chosen.rawValue.uppercased()) keeps shapes and text, not pixels."
                : "--compress is for PNG; a \(chosen.rawValue) file's size is set by --quality.")
        }
        try checkBackground(chosen)
        return StillEncoding(format: chosen, compression: pngCompression ?? .fast, quality: quality ?? StillEncoding.defaultQuality)
    }
}

extension StillEncoding {
    /// Why this format cannot hold an image of `size` × `scale` pixels (WebP: 16383 a side).
    func problem(size: Size, scale: Double) -> String? {
        let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
        if format == .webp && max(w, h) > 16383 {
            return "A WebP is at most 16383 pixels on a side; this one would be \(w)x\(h). Make --size or --scale smaller, or write a PNG."
        }
        return nil
    }


    /// This encoding with transparent pixels (there are none today) going onto `theme`'s page color.
    func onto(_ theme: Theme) -> StillEncoding {
        var e = self
        e.background = Palette.of(theme).pageBackground
        return e
    }
}
