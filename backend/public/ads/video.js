/*
 * The tag's outstream video player, loaded only when a video ad is served on an ordinary page: the
 * video plays muted while at least half of it is in view and pauses when it is not, and tells the
 * offer's event URL what a VAST player would (start, the quartiles, complete, pause, resume, and
 * viewable after two continuous seconds of playback at least half in view: the MRC's rule for video).
 */
(function () {
  var QUARTILES = [[0.25, "firstQuartile"], [0.5, "midpoint"], [0.75, "thirdQuartile"]];
  var VIEWABLE_SECONDS = 2;

  // The zone's box gets the video and, when the ad leads somewhere, a link over it; `shown()` counts
  // the impression and answers once it is sent, so no event reaches the ad server before it.
  function play(zone, ad, shown) {
    var video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.src = ad.creative.url;
    video.setAttribute("muted", "");
    video.style.cssText = "width:100%;height:100%;display:block;object-fit:contain;background:#000";
    zone.textContent = "";
    zone.style.cssText += ";display:inline-block;position:relative;vertical-align:top;width:" + ad.width + "px;height:" + ad.height + "px";
    zone.appendChild(video);
    if (ad.creative.clickable) {
      var link = document.createElement("a");
      link.href = ad.clickUrl;
      link.target = "_blank";
      link.rel = "noopener";
      link.setAttribute("aria-label", "Advertisement");
      link.style.cssText = "position:absolute;inset:0";
      zone.appendChild(link);
    }

    var counted = null;
    var sent = {};
    function send(event, again) {
      if ((sent[event] && !again) || !counted) return;
      sent[event] = true;
      counted.then(function () {
        fetch(ad.eventUrl + "&e=" + event, { method: "POST", mode: "no-cors", credentials: "omit", keepalive: true }).catch(function () {});
      });
    }

    var inView = false;
    var started = false;
    var watched = 0;
    var lastTime = 0;
    new IntersectionObserver(function (entries) {
      inView = entries[entries.length - 1].intersectionRatio >= 0.5;
      if (inView && counted && !video.ended) video.play().catch(function () {});
      if (!inView) video.pause();
    }, { threshold: [0, 0.5, 1] }).observe(video);

    video.addEventListener("loadeddata", function () {
      if (counted) return;
      counted = Promise.resolve(shown());
      if (inView) video.play().catch(function () {});
    });
    // Pauses and resumes are told each time; the other events once.
    video.addEventListener("playing", function () {
      if (started) send("resume", true);
      else send("start");
      started = true;
      lastTime = video.currentTime;
    });
    video.addEventListener("pause", function () {
      watched = 0;
      if (!video.ended) send("pause", true);
    });
    video.addEventListener("timeupdate", function () {
      // Continuous playback in view, in a visible tab, adds up; anything else starts the count again.
      var step = video.currentTime - lastTime;
      lastTime = video.currentTime;
      watched = inView && !document.hidden && step > 0 && step < 1 ? watched + step : 0;
      if (watched >= VIEWABLE_SECONDS) send("viewable");
      for (var i = 0; i < QUARTILES.length; i++) {
        if (video.currentTime >= QUARTILES[i][0] * video.duration) send(QUARTILES[i][1]);
      }
    });
    video.addEventListener("ended", function () { send("complete"); });
    video.addEventListener("error", function () { send("error&code=405"); });
  }

  document.currentScript.adnetDefine({ play: play });
})();
