/// The `html` report's self-check. Once the fonts are loaded it puts each label's text into its
/// `.browser` element as a text node (never parsed as HTML), lays a copy of every such element out
/// in an off-screen probe (in batches, so a long page stays responsive; the rows themselves are
/// `content-visibility: auto` and not laid out until seen), and compares the browser's height with
/// cellheight's (`data-height`, the whole text's height). A row disagrees when any of its labels
/// differs by more than 0.5 px. The verdict goes to `#verdict` and, last, to `<body>`'s
/// `data-rows` and `data-disagreements` (and `data-font-errors` when a font failed to load), which
/// scripts wait for.
///
/// Before that, at once: the table of rows over budget (`htmlFailingRows`) sorts by a column when
/// its heading is clicked (numbers by their `data-value`, a cell without one first; a second
/// click reverses), and its switch shows only the rows over budget (a class on `<body>`).
///
/// `fontsBlockedRemedy`: see `ReportWording` (a JavaScript string's text: see `javaScriptStringText`).
func htmlReportScript(fontsBlockedRemedy: String) -> String {
    """
"use strict";
(() => {
  const table = document.getElementById("failing-rows");
  if (!table) return;
  const body = table.tBodies[0];
  table.tHead.querySelectorAll("th").forEach((heading, column) => {
    heading.addEventListener("click", () => {
      const descending = heading.getAttribute("aria-sort") === "ascending";
      table.tHead.querySelectorAll("th").forEach(other => other.removeAttribute("aria-sort"));
      heading.setAttribute("aria-sort", descending ? "descending" : "ascending");
      const key = heading.dataset.type === "number"
        ? row => { const value = row.cells[column].dataset.value; return value === "" ? -Infinity : Number(value); }
        : row => row.cells[column].textContent;
      const rows = [...body.rows].sort((a, b) => {
        const x = key(a), y = key(b);
        return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1);
      });
      body.append(...rows);
    });
  });
  document.getElementById("only-failing").addEventListener("change", event => {
    document.body.classList.toggle("only-failing", event.target.checked);
  });
})();
(async () => {
  const texts = JSON.parse(document.getElementById("cellheight-texts").textContent);
  const verdict = document.getElementById("verdict");
  const fontErrors = [];
  await Promise.all([...document.fonts].map(face => face.load().catch(() => fontErrors.push(face.family))));
  await document.fonts.ready;

  const all = [...document.querySelectorAll(".browser")];
  const unchecked = all.filter(target => target.dataset.unchecked);
  for (const target of unchecked) {
    target.replaceChildren(document.createTextNode(texts[target.dataset.row][target.dataset.label ?? 0]));
    target.title = `not checked: ${target.dataset.unchecked} (browsers load a collection's first face only)`;
  }
  const targets = all.filter(target => !target.dataset.unchecked);
  const probe = document.getElementById("probe");
  const disagreeing = new Map();  // row position -> descriptions of its differing labels
  const batchSize = 1000;
  for (let start = 0; start < targets.length; start += batchSize) {
    const batch = targets.slice(start, start + batchSize);
    const copies = batch.map(target => {
      target.replaceChildren(document.createTextNode(texts[target.dataset.row][target.dataset.label ?? 0]));
      return probe.appendChild(target.cloneNode(true));
    });
    batch.forEach((target, i) => {
      const browser = copies[i].getBoundingClientRect().height;
      const cellheight = Number(target.dataset.height);
      target.title = `browser ${browser} px, cellheight ${cellheight} px`;
      if (Math.abs(browser - cellheight) > 0.5) {
        const row = Number(target.dataset.row);
        if (!disagreeing.has(row)) disagreeing.set(row, []);
        disagreeing.get(row).push(`${target.style.width}: browser ${browser} px, cellheight ${cellheight} px`);
        target.closest(".cell").classList.add("disagrees");
      }
    });
    probe.replaceChildren();
    await new Promise(resolve => setTimeout(resolve, 0));
  }

  const list = document.getElementById("disagreement-list");
  for (const [row, differences] of disagreeing) {
    const section = document.getElementById(`row-${row}`);
    section.classList.add("disagrees");
    const status = section.querySelector("h2").appendChild(document.createElement("span"));
    status.className = "row-status";
    status.textContent = differences.join("; ");
    if (list.childElementCount < 100) {
      const link = document.createElement("a");
      link.href = `#row-${row}`;
      const id = section.querySelector(".id");
      link.textContent = `${section.querySelector(".index").textContent}${id ? " " + id.textContent : ""} (${differences.join("; ")})`;
      list.appendChild(document.createElement("li")).appendChild(link);
    }
  }
  const rows = texts.length;
  verdict.classList.remove("pending");
  verdict.classList.add(disagreeing.size === 0 && fontErrors.length === 0 ? "agrees" : "disagrees");
  verdict.textContent = disagreeing.size === 0
    ? `✓ This browser agrees with cellheight on all ${rows} rows (${targets.length} layouts, within 0.5 px).`
    : `✗ ${disagreeing.size} of ${rows} rows differ from this browser’s layout by more than 0.5 px (marked in red).`;
  if (unchecked.length > 0) {
    verdict.textContent += ` ${unchecked.length} layouts in a font collection's later faces (e.g. Noto Sans CJK SC, TC, KR) `
      + "were not checked: browsers load a collection's first face only.";
    document.body.dataset.unchecked = unchecked.length;
  }
  if (fontErrors.length > 0) {
    verdict.textContent += ` Fonts that failed to load: ${fontErrors.join(", ")}. Browsers block fonts at file URLs `
      + "for pages opened from files: \(javaScriptStringText(fontsBlockedRemedy))";
    document.body.dataset.fontErrors = fontErrors.length;
  }
  document.body.dataset.disagreements = disagreeing.size;
  document.body.dataset.rows = rows;
})();

"""
}

/// `text` as the inside of a double-quoted JavaScript string in a `<script>` element: backslashes,
/// quotes, line ends and `<` (which could close the element) escaped; other text as it is.
func javaScriptStringText(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "<": result += "\\u003C"
        case "\n", "\r", "\u{2028}", "\u{2029}": result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(length - count, 0)) + self
    }
}
