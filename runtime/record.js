(function (api) {
  'use strict';
})
