'use strict';
// qs (through Refine) keeps a side channel only to notice cyclic objects; the browser's WeakMap and
// Map are that store. This stands in for the side-channel package and its four helper packages.
module.exports = function getSideChannel() {
  var objects = new WeakMap();
  var primitives = new Map();
  var store = function (key) {
    return key !== null && (typeof key === 'object' || typeof key === 'function') ? objects : primitives;
  };
  var channel = {
    assert: function (key) {
      if (!channel.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: function (key) {
      return store(key).delete(key);
    },
    get: function (key) {
      return store(key).get(key);
    },
    has: function (key) {
      return store(key).has(key);
    },
    set: function (key, value) {
      store(key).set(key, value);
    },
  };
  return channel;
};
