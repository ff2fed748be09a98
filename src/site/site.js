// Optional: the arrow, Home and End keys and the buttons step through the
// positions, and the board turns over on request. Without this script
// every position is still a link (#ply-N).
(function () {
  "use strict";
  var viewer = document.getElementById("viewer");
  if (!viewer) { return; }
  var last = parseInt(viewer.getAttribute("data-last"), 10);
  var current = last;
  function fromHash() {
    var m = /^#ply-(\d+)$/.exec(location.hash);
    var n = m ? parseInt(m[1], 10) : last;
    return n >= 0 && n <= last ? n : last;
  }
  function show(n, fromKey) {
    var was = document.getElementById("ply-" + current);
    var now = document.getElementById("ply-" + n);
    if (!now) { return; }
    if (was) { was.classList.remove("shown"); }
    now.classList.add("shown");
    var links = viewer.querySelectorAll(".movelist a");
    for (var i = 0; i < links.length; i++) {
      var here = i + 1 === n;
      links[i].classList.toggle("current", here);
      if (here) { links[i].setAttribute("aria-current", "step"); } else { links[i].removeAttribute("aria-current"); }
    }
    current = n;
    if (fromKey && history.replaceState) { history.replaceState(null, "", "#ply-" + n); }
  }
  viewer.classList.add("js");
  show(fromHash(), false);
  window.addEventListener("hashchange", function () { show(fromHash(), false); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    show(Math.max(0, Math.min(last, to)), true);
  });
  var plies = viewer.querySelector(".plies");
  var flip = document.createElement("button");
  flip.type = "button";
  flip.textContent = "Flip the board";
  flip.setAttribute("aria-pressed", "false");
  flip.addEventListener("click", function () {
    var on = viewer.classList.toggle("flipped");
    flip.setAttribute("aria-pressed", on ? "true" : "false");
  });
  var p = document.createElement("p");
  p.className = "steps";
  p.appendChild(flip);
  plies.insertBefore(p, plies.firstChild);
  viewer.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a[href^='#ply-']") : null;
    if (!a) { return; }
    e.preventDefault();
    show(parseInt(a.getAttribute("href").slice(5), 10), true);
  });
})();
