// TEMPORARY development driver; replaced by the ArgumentParser command.
import CellHeightKit
import Foundation

var args = Array(CommandLine.arguments.dropFirst())
func take(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    let v = args[i + 1]; args.removeSubrange(i...(i + 1)); return v
}
let fontSpec = take("--font") ?? "sans-serif"
let size = Double(take("--size") ?? "16")!
let widths = (take("--width") ?? "320").split(separator: ",").map { Double($0)! }
let lh = LineHeight(parsing: take("--line-height") ?? "normal")!
_ = take("--output")
let explain = args.contains("--explain"); args.removeAll { $0 == "--explain" }
let data = FileManager.default.contents(atPath: args[0])!
let texts = try JSONSerialization.jsonObject(with: data) as! [String]
let ref = try FontLocator.shared.resolve(fontSpec)
let face = try FontFace(path: ref.path, faceIndex: ref.faceIndex)
let engine = try TextLayoutEngine(chain: .chromiumDefault(primary: face), fontSize: size, lineHeight: lh)
var rows: [[String: Any]] = []
for (i, t) in texts.enumerated() {
    let p = engine.prepare(t)
    let l = engine.layout(p, width: widths[0])
    var r: [String: Any] = ["index": i, "lineCount": l.lineCount, "height": l.height]
    if explain { r["lines"] = l.lines.map { ["text": $0.text, "width": $0.width, "fonts": $0.fonts] as [String: Any] } }
    rows.append(r)
}
let out = try JSONSerialization.data(withJSONObject: ["rows": rows], options: [.sortedKeys])
FileHandle.standardOutput.write(out)
