<?php
/**
 * Pages → Home page figures: the numbers of the website's "Our Impact" cards and volunteer statistics (home page and
 * Community page), edited in WordPress and read by the site from GET /wp-json/lrjn/v1/figures (public, read-only).
 * A figure left empty keeps the website's default (the figures of its specification, shown as placeholders here).
 * Saving sends the revalidation webhook {"kind":"settings","action":"save","name":"figures"} so both pages refresh
 * at once. The labels stay the website's own (translated there); only the numbers are edited.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

const LRJN_COMPANION_FIGURES_OPTION = 'lrjn_companion_figures';
const LRJN_COMPANION_FIGURES_SLUG   = 'lrjn-home-figures';
/** Who may edit the figures: whoever may edit pages, as for the hero. */
const LRJN_COMPANION_FIGURES_CAP = 'edit_pages';
/** The largest figure accepted (the website refuses larger ones too). */
const LRJN_COMPANION_FIGURES_MAX = 999999999;

/**
 * The figures in the website's order: REST key => [label, default value, default "+"]. The defaults must match
 * DEFAULT_FIGURES in the website's lib/home/stats.ts; they are only shown as placeholders here.
 *
 * @return array<string,array{0:string,1:int,2:bool}>
 */
function lrjn_companion_figure_fields() {
	return array(
		'reports'           => array( __( 'Our Impact: Reports', 'lrjn-companion' ), 10, true ),
		'membersSupported'  => array( __( 'Our Impact: Community members supported', 'lrjn-companion' ), 2500, true ),
		'networkPartners'   => array( __( 'Our Impact: Network partners', 'lrjn-companion' ), 35, false ),
		'volunteerHours'    => array( __( 'Our Impact: Volunteer hours', 'lrjn-companion' ), 10000, true ),
		'activeVolunteers'  => array( __( 'Volunteer statistics: Active volunteers', 'lrjn-companion' ), 2500, true ),
		'hoursContributed'  => array( __( 'Volunteer statistics: Hours contributed', 'lrjn-companion' ), 10000, true ),
		'projectsCompleted' => array( __( 'Volunteer statistics: Projects completed', 'lrjn-companion' ), 35, false ),
		'livesImpacted'     => array( __( 'Volunteer statistics: Lives impacted', 'lrjn-companion' ), 2000, true ),
	);
}

/**
 * The stored figures with every key present: value null means "left empty, the website's default".
 *
 * @return array<string,array{value:int|null,plus:bool}>
 */
function lrjn_companion_figures() {
	$stored = get_option( LRJN_COMPANION_FIGURES_OPTION, array() );
	$stored = is_array( $stored ) ? $stored : array();
	$out    = array();
	foreach ( array_keys( lrjn_companion_figure_fields() ) as $key ) {
		$item        = isset( $stored[ $key ] ) && is_array( $stored[ $key ] ) ? $stored[ $key ] : array();
		$value       = isset( $item['value'] ) && is_int( $item['value'] ) ? $item['value'] : null;
		$out[ $key ] = array(
			'value' => $value,
			'plus'  => ! empty( $item['plus'] ),
		);
	}
	return $out;
}

/**
 * Registers the option on every request, so its sanitiser runs on every save (options.php and REST alike).
 */
function lrjn_companion_register_figures_setting() {
	register_setting(
		'lrjn_companion_figures',
		LRJN_COMPANION_FIGURES_OPTION,
		array(
			'type'              => 'object',
			'default'           => array(),
			'show_in_rest'      => false,
			'sanitize_callback' => 'lrjn_companion_sanitize_figures',
		)
	);
}
add_action( 'init', 'lrjn_companion_register_figures_setting' );

/**
 * options.php checks manage_options unless told otherwise: editors may save the figures.
 *
 * @return string
 */
function lrjn_companion_figures_option_capability() {
	return LRJN_COMPANION_FIGURES_CAP;
}
add_filter( 'option_page_capability_lrjn_companion_figures', 'lrjn_companion_figures_option_capability' );

/**
 * One submitted number: '' (or nothing) means empty; digits, with or without thousands separators and a trailing
 * '+', give a whole number from 0 to the maximum; anything else is null with $ok false.
 *
 * @param mixed $raw Submitted value.
 * @param bool  $ok  Set to false when the value is not a number.
 * @return int|null
 */
function lrjn_companion_figure_number( $raw, &$ok ) {
	$ok = true;
	if ( null === $raw || '' === $raw ) {
		return null;
	}
	if ( is_int( $raw ) ) {
		$text = (string) $raw;
	} elseif ( is_string( $raw ) ) {
		$text = preg_replace( '/[\s,.\x{00A0}\x{202F}+]/u', '', $raw );
	} else {
		$ok = false;
		return null;
	}
	if ( '' === $text ) {
		return null;
	}
	if ( ! preg_match( '/^\d{1,9}$/', $text ) || (int) $text > LRJN_COMPANION_FIGURES_MAX ) {
		$ok = false;
		return null;
	}
	return (int) $text;
}

/**
 * Whole numbers (empty keeps the default) and a "+" flag per figure; a value that is not a number keeps the figure's
 * stored value and says so.
 *
 * @param mixed $value Submitted value.
 * @return array
 */
function lrjn_companion_sanitize_figures( $value ) {
	$value   = is_array( $value ) ? wp_unslash( $value ) : array();
	$current = lrjn_companion_figures();
	$out     = array();
	foreach ( array_keys( lrjn_companion_figure_fields() ) as $key ) {
		$item   = isset( $value[ $key ] ) && is_array( $value[ $key ] ) ? $value[ $key ] : array();
		$number = lrjn_companion_figure_number( isset( $item['value'] ) ? $item['value'] : null, $ok );
		if ( ! $ok ) {
			if ( function_exists( 'add_settings_error' ) ) {
				add_settings_error( LRJN_COMPANION_FIGURES_OPTION, 'invalid-' . $key, __( 'A figure must be a whole number (such as 2500) or left empty.', 'lrjn-companion' ) );
			}
			$number = $current[ $key ]['value'];
		}
		$out[ $key ] = array(
			'value' => $number,
			'plus'  => ! empty( $item['plus'] ),
		);
	}
	return $out;
}

/**
 * The figures as the site reads them: null means "the website's default".
 *
 * @return array
 */
function lrjn_companion_figures_rest() {
	$out = array();
	foreach ( lrjn_companion_figures() as $key => $item ) {
		$out[ $key ] = null === $item['value'] ? null : array(
			'value' => $item['value'],
			'plus'  => $item['plus'],
		);
	}
	return $out;
}

/**
 * POST /wp-json/lrjn/v1/figures: the same edit over REST (an Application Password of a user who may edit pages),
 * e.g. {"reports":{"value":12,"plus":true},"networkPartners":null}. Figures left out keep their value, null empties
 * one; a value that is not a whole number is refused with 400.
 *
 * @param WP_REST_Request $request Request.
 * @return array|WP_Error
 */
function lrjn_companion_update_figures_rest( $request ) {
	$figures = lrjn_companion_figures();
	$params  = $request->get_json_params();
	$params  = is_array( $params ) ? $params : array();
	foreach ( array_keys( lrjn_companion_figure_fields() ) as $key ) {
		if ( ! array_key_exists( $key, $params ) ) {
			continue;
		}
		if ( null === $params[ $key ] ) {
			$figures[ $key ] = array(
				'value' => null,
				'plus'  => false,
			);
			continue;
		}
		$item   = is_array( $params[ $key ] ) ? $params[ $key ] : array();
		$number = lrjn_companion_figure_number( isset( $item['value'] ) ? $item['value'] : null, $ok );
		if ( ! $ok ) {
			return new WP_Error( 'lrjn_invalid_figure', __( 'A figure must be a whole number (such as 2500) or left empty.', 'lrjn-companion' ), array( 'status' => 400 ) );
		}
		$figures[ $key ] = array(
			'value' => $number,
			'plus'  => ! empty( $item['plus'] ),
		);
	}
	update_option( LRJN_COMPANION_FIGURES_OPTION, $figures );
	return lrjn_companion_figures_rest();
}

/**
 * GET /wp-json/lrjn/v1/figures (public: the home page shows them anyway); POST to edit them.
 */
function lrjn_companion_register_figures_route() {
	register_rest_route(
		'lrjn/v1',
		'/figures',
		array(
			array(
				'methods'             => 'GET',
				'permission_callback' => '__return_true',
				'callback'            => 'lrjn_companion_figures_rest',
			),
			array(
				'methods'             => 'POST',
				'permission_callback' => static function () {
					return current_user_can( LRJN_COMPANION_FIGURES_CAP );
				},
				'callback'            => 'lrjn_companion_update_figures_rest',
			),
		)
	);
}
add_action( 'rest_api_init', 'lrjn_companion_register_figures_route' );

/**
 * Queues the webhook when the figures change (sent on shutdown with the request's other changes).
 */
function lrjn_companion_on_figures_saved() {
	$queue                      = &lrjn_companion_webhook_queue();
	$queue['settings:figures'] = array(
		'kind'   => 'settings',
		'action' => 'save',
		'name'   => 'figures',
	);
	lrjn_companion_ensure_shutdown_hook();
}
add_action( 'add_option_' . LRJN_COMPANION_FIGURES_OPTION, 'lrjn_companion_on_figures_saved' );
add_action( 'update_option_' . LRJN_COMPANION_FIGURES_OPTION, 'lrjn_companion_on_figures_saved' );

/**
 * Adds the page under Pages.
 */
function lrjn_companion_add_figures_page() {
	add_pages_page(
		__( 'Home page figures', 'lrjn-companion' ),
		__( 'Home page figures', 'lrjn-companion' ),
		LRJN_COMPANION_FIGURES_CAP,
		LRJN_COMPANION_FIGURES_SLUG,
		'lrjn_companion_render_figures_page'
	);
}
add_action( 'admin_menu', 'lrjn_companion_add_figures_page' );

/**
 * Renders the figures editor: one number and one "+" box per figure.
 */
function lrjn_companion_render_figures_page() {
	if ( ! current_user_can( LRJN_COMPANION_FIGURES_CAP ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'lrjn-companion' ) );
	}
	$figures = lrjn_companion_figures();
	$name    = LRJN_COMPANION_FIGURES_OPTION;
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<p><?php esc_html_e( 'The numbers of the "Our Impact" cards on the website\'s home page and of the volunteer statistics on the home and Community pages, in every language. Leave a number empty to show the website\'s default (shown in grey). Tick "+" to show the number as "2,500+".', 'lrjn-companion' ); ?></p>
		<?php settings_errors( LRJN_COMPANION_FIGURES_OPTION ); ?>
		<form method="post" action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>">
			<?php settings_fields( 'lrjn_companion_figures' ); ?>
			<table class="form-table" role="presentation">
				<?php foreach ( lrjn_companion_figure_fields() as $key => $field ) : ?>
					<?php
					$id      = 'lrjn-figure-' . $key;
					$current = $figures[ $key ];
					$plus    = null === $current['value'] ? $field[2] : $current['plus'];
					?>
					<tr>
						<th scope="row"><label for="<?php echo esc_attr( $id ); ?>"><?php echo esc_html( $field[0] ); ?></label></th>
						<td>
							<input type="number" min="0" max="<?php echo esc_attr( (string) LRJN_COMPANION_FIGURES_MAX ); ?>" step="1" id="<?php echo esc_attr( $id ); ?>" name="<?php echo esc_attr( $name . '[' . $key . '][value]' ); ?>" class="small-text" style="width:9em" value="<?php echo esc_attr( null === $current['value'] ? '' : (string) $current['value'] ); ?>" placeholder="<?php echo esc_attr( (string) $field[1] ); ?>" />
							<label><input type="checkbox" name="<?php echo esc_attr( $name . '[' . $key . '][plus]' ); ?>" value="1" <?php checked( $plus ); ?> /> +</label>
						</td>
					</tr>
				<?php endforeach; ?>
			</table>
			<?php submit_button(); ?>
		</form>
	</div>
	<?php
}
