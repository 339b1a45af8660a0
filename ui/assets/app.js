// gortex ui: keyboard navigation, nothing else. "/" focuses search, "m"
// and "d" open the map and the decisions, "u" goes one folder up, and the
// arrow keys move between the treemap's tiles by their place on screen.
"use strict";
document.addEventListener("keydown", function (e) {
  var t = e.target;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) {
    if (e.key === "Escape") t.blur();
    return;
  }
  if (e.key === "/") {
    e.preventDefault();
    document.getElementById("q").focus();
  } else if (e.key === "m") {
    location.href = "/map";
  } else if (e.key === "d") {
    location.href = "/decisions";
  } else if (e.key === "u") {
    var up = document.querySelectorAll(".trail a[data-up]");
    if (up.length > 1) location.href = up[up.length - 2].href;
  } else if (e.key.indexOf("Arrow") === 0) {
    moveTile(e);
  }
});

// moveTile focuses the tile nearest to the focused one in the arrow's
// direction, or the first tile when none is focused.
function moveTile(e) {
  var tiles = Array.prototype.slice.call(document.querySelectorAll("#treemap a.tile"));
  if (tiles.length === 0) return;
  var cur = tiles.indexOf(document.activeElement);
  if (cur < 0) { tiles[0].focus(); e.preventDefault(); return; }
  var a = tiles[cur].getBoundingClientRect();
  var ax = a.left + a.width / 2, ay = a.top + a.height / 2;
  var best = null, bestD = Infinity;
  tiles.forEach(function (el, i) {
    if (i === cur) return;
    var b = el.getBoundingClientRect();
    var dx = b.left + b.width / 2 - ax, dy = b.top + b.height / 2 - ay;
    var ok = (e.key === "ArrowRight" && dx > 0) || (e.key === "ArrowLeft" && dx < 0) ||
      (e.key === "ArrowDown" && dy > 0) || (e.key === "ArrowUp" && dy < 0);
    if (!ok) return;
    var along = (e.key === "ArrowRight" || e.key === "ArrowLeft") ? Math.abs(dx) : Math.abs(dy);
    var across = (e.key === "ArrowRight" || e.key === "ArrowLeft") ? Math.abs(dy) : Math.abs(dx);
    var d = along + 2 * across;
    if (d < bestD) { bestD = d; best = el; }
  });
  if (best) { best.focus(); e.preventDefault(); }
}
