"""What a phone's page must give a thumb: no sideways scroll of the page, and every control big enough and on top.

`untappable(page)` lists each visible control (link, button, field, select, summary, anything focusable) whose
target is under 44×44 CSS px, or whose centre is covered by another element. A checkbox or radio button's target
is its label (tapping the label ticks it), so the label is measured. Each control is scrolled into view first,
as a thumb would, so that `elementFromPoint` sees what is on top of it.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from referee import ROOT

SMALLEST = 44  # CSS px, WCAG 2.5.5's target size, and what the project promises everywhere
SCREENSHOTS = ROOT / "screenshots"  # git-ignored: the browser tests write the main pages here (README, At the table)

UNTAPPABLE = """([smallest, inSentences]) => {
  // WCAG 2.5.5 and 2.5.8's "inline" exception: a link in a sentence (displayed inline, in a block with words of its
  // own besides its links) is as tall as the line, and may be smaller.
  const inSentence = (control) => {
    if (control.tagName !== "A" || getComputedStyle(control).display !== "inline") return false;
    let block = control.parentElement;
    while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    if (!block) return false;
    const copy = block.cloneNode(true);
    copy.querySelectorAll("a, button, input, select, textarea").forEach((other) => other.remove());
    return /[\\p{L}\\p{N}]/u.test(copy.textContent);
  };
  const describe = (element) => {
    if (!element) return "nothing";
    const text = (element.innerText || element.value || element.getAttribute("aria-label") || "").trim();
    const id = element.id ? "#" + element.id : "";
    return `<${element.tagName.toLowerCase()}${id}> "${text.split(/\\s+/).join(" ").slice(0, 40)}"`;
  };
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])');
  const problems = [];
  for (const control of controls) {
    if (!control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (inSentences && inSentence(control)) continue;
    const labelled = (control.type === "checkbox" || control.type === "radio") && control.labels.length;
    const target = labelled ? control.labels[0] : control;
    target.scrollIntoView({ block: "center", inline: "center" });
    const box = target.getBoundingClientRect();
    if (box.width < smallest - 0.5 || box.height < smallest - 0.5) {
      problems.push(`${describe(control)} is ${Math.round(box.width)}×${Math.round(box.height)} px`);
      continue;
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const ours = hit && (target.contains(hit) || control.contains(hit));
    if (!ours) problems.push(`${describe(control)} is covered by ${describe(hit)}`);
  }
  window.scrollTo(0, 0);
  return problems;
}"""


def untappable(page: Page, *, in_sentences: bool = False) -> list[str]:
    """The page's controls a thumb cannot tap: too small, or covered (each with its size or what covers it).

    With `in_sentences`, a link inside a sentence is not measured (WCAG 2.5.8's inline exception): an `<a>` shown
    inline whose block (its nearest ancestor not shown inline) has words besides its links and form controls.
    """
    problems: list[str] = page.evaluate(UNTAPPABLE, [SMALLEST, in_sentences])
    return [f"{page.url}: {problem}" for problem in problems]


def sideways(page: Page) -> list[str]:
    """The page's sideways scroll, if it has one: its content's width against the window's."""
    scroll, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    return [f"{page.url} scrolls sideways: {scroll}px of content in {inner}px"] if scroll > inner else []


def screenshot(page: Page, name: str) -> Path:
    """A picture of the whole page in `SCREENSHOTS`, for a reviewer to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
