import { startUploadSink } from './archive-sink.js';
const s = await startUploadSink();
console.log(s.url);
setInterval(() => {}, 1000);
