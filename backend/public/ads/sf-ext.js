/*
 * IAB SafeFrame 1.1's external party API ($sf.ext) for an HTML creative AdNet shows in a frame: a
 * creative loads it with <script src="https://AD SERVER/ads/sf-ext.js"></script> and calls
 * $sf.ext.register, expand, collapse, geom, inViewPercentage and status as the standard says.
 * Each call is a message to the page's tag (public/ads/expand.js), which decides; its answers come
 * back to the callback given to register: "expanded", "collapsed", "failed" (with the reason) and
 * "geom-update". geom() and inViewPercentage() read the host's last geometry, kept fresh as the page
 * scrolls.
 */
(function () {
  "use strict";
  var PROTOCOL = "adnet-sf-1.1";
  var host = window.parent;
  var callback = null;
  var status = "collapsed";
  var geometry = null;
  var inView = 0;

  function ask(cmd, by) {
    if (host !== window) host.postMessage({ sf: PROTOCOL, cmd: cmd, by: by }, "*");
  }

  addEventListener("message", function (event) {
    var message = event.data;
    if (event.source !== host || !message || message.sf !== PROTOCOL) return;
    geometry = message.geom;
    inView = message.inView;
    status = message.state;
    if (callback) callback(message.status, message.data);
  });

  var ext = {
    register: function (width, height, onStatus) {
      callback = typeof onStatus === "function" ? onStatus : null;
      ask("register", { w: width, h: height });
    },
    // expand({t, l, r, b, push}), or the older expand(deltaX, deltaY, push): growing right and down.
    expand: function (by, deltaY, push) {
      if (typeof by === "number") by = { r: by, b: deltaY || 0, push: push };
      status = "expanding";
      ask("expand", by || {});
    },
    collapse: function () {
      status = "collapsing";
      ask("collapse");
    },
    geom: function () {
      ask("geom");
      return geometry;
    },
    inViewPercentage: function () {
      return inView;
    },
    status: function () {
      return status;
    },
    supports: function (feature) {
      var features = { "exp-ovr": true, "exp-push": false, "read-cookie": false, "write-cookie": false };
      return feature ? !!features[feature] : features;
    },
    winHasFocus: function () {
      return document.hasFocus();
    },
  };
  window.$sf = window.$sf || {};
  window.$sf.ext = ext;
})();
