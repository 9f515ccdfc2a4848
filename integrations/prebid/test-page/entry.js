// The browser test's Prebid build: core, publishers' floors, AdNet and a fixed-price competitor.
import pbjs from 'prebid.js';
import 'prebid.js/modules/priceFloors';
import '../adnetBidAdapter.js';
import './fixedPriceBidAdapter.js';

pbjs.processQueue();
