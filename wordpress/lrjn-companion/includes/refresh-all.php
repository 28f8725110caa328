<?php
/**
 * Settings → Site revalidation → "Refresh everything": one signed webhook, {"kind":"all","action":"refresh"},
 * which the site answers by revalidating every page and list built from WordPress (its `cms` tag). For changes the
 * per-post webhooks cannot describe: a plugin or theme setting, a bulk import, a database restore.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * The message that refreshes everything on the site.
 *
 * @return array
 */
function lrjn_companion_refresh_all_message() {
	return array(
		'kind'   => 'all',
		'action' => 'refresh',
	);
}

/**
 * The button and its result, under the test button of the settings page.
 */
function lrjn_companion_render_refresh_all() {
	$endpoint = lrjn_companion_webhook_endpoint();
	$ready    = '' !== $endpoint && '' !== lrjn_companion_webhook_secret();
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses which notice to show.
	$result = isset( $_GET['lrjn-refresh'] ) ? sanitize_key( wp_unslash( $_GET['lrjn-refresh'] ) ) : '';
	?>
	<h2><?php esc_html_e( 'Refresh everything', 'lrjn-companion' ); ?></h2>
	<?php if ( 'ok' === $result ) : ?>
		<div class="notice notice-success inline"><p><?php esc_html_e( 'The website is refreshing every page built from WordPress.', 'lrjn-companion' ); ?></p></div>
	<?php elseif ( 'failed' === $result ) : ?>
		<div class="notice notice-error inline"><p><?php esc_html_e( 'The website could not be reached; see Recent deliveries below.', 'lrjn-companion' ); ?></p></div>
	<?php endif; ?>
	<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
		<input type="hidden" name="action" value="lrjn_companion_refresh_all" />
		<?php wp_nonce_field( 'lrjn_companion_refresh_all' ); ?>
		<p><?php esc_html_e( 'Asks the website to refresh every page and list that shows WordPress content, for example after changing a setting that affects many pages. Pages are rebuilt as visitors ask for them.', 'lrjn-companion' ); ?></p>
		<?php submit_button( __( 'Refresh everything', 'lrjn-companion' ), 'secondary', 'submit', false, $ready ? array() : array( 'disabled' => 'disabled' ) ); ?>
	</form>
	<?php
}
add_action( 'lrjn_companion_settings_after_test', 'lrjn_companion_render_refresh_all' );

/**
 * Handles the button: sends the webhook now (with the usual retries, no WP-Cron retry) and returns to the page.
 */
function lrjn_companion_handle_refresh_all() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'lrjn-companion' ), 403 );
	}
	check_admin_referer( 'lrjn_companion_refresh_all' );
	$result = lrjn_companion_send_webhook( lrjn_companion_refresh_all_message(), false );
	wp_safe_redirect(
		add_query_arg(
			array(
				'page'         => LRJN_COMPANION_SETTINGS_SLUG,
				'lrjn-refresh' => $result['ok'] ? 'ok' : 'failed',
			),
			admin_url( 'options-general.php' )
		)
	);
	exit;
}
add_action( 'admin_post_lrjn_companion_refresh_all', 'lrjn_companion_handle_refresh_all' );
