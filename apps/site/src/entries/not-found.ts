// The 404 page is static HTML: this entry only brings the stylesheet (so the build emits no script).
import '@/styles/site.css';
