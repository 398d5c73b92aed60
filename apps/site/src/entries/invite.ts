// The invitation page needs no script: its forms post natively. This entry brings its styles.
import '@/styles/site.css';
import '@/styles/email-links.css';
import '@/styles/status.css';
import '@/styles/invite.css';
